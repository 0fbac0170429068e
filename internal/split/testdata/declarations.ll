; Kernel declarations are not entry points; SYCL_EXTERNAL functions are, unless
; -emit-only-kernels-as-entry-points; SPIR-V builtins never are.
; RUN: -split=kernel
; RUN: -split=kernel -emit-only-kernels-as-entry-points
target triple = "spirv64-unknown-unknown"

declare spir_kernel void @declared_kernel()

define spir_kernel void @real_kernel() #0 {
  %id = call spir_func i64 @_Z28__spirv_GlobalInvocationId_xv()
  ret void
}

define spir_func void @_Z11sycl_externv() #0 {
  ret void
}

define spir_func i64 @_Z28__spirv_GlobalInvocationId_xv() #0 {
  ret i64 0
}

attributes #0 = { "sycl-module-id"="d.cpp" }
