; Kernels of two translation units: per-source (and auto) split by module id; a helper
; used by both is copied into both images; per-kernel gives one image per kernel.
; RUN: -split=auto
; RUN: -split=kernel
target triple = "spirv64-unknown-unknown"

@counter = internal addrspace(1) global i32 0, align 4

define spir_kernel void @a1() #0 {
  call spir_func void @shared()
  ret void
}

define spir_kernel void @a2() #0 {
  ret void
}

define spir_kernel void @b1() #1 {
  call spir_func void @shared()
  ret void
}

define internal spir_func void @shared() {
  %v = load i32, ptr addrspace(1) @counter, align 4
  ret void
}

define internal spir_func void @unused() {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
