; A function whose address is taken (stored) makes "auto" keep one image; per kernel,
; the taken function travels with the kernel that references it.
; RUN: -split=auto
; RUN: -split=kernel
target triple = "spirv64-unknown-unknown"

define spir_kernel void @takes(ptr addrspace(1) %out) #0 {
  store ptr @callback, ptr addrspace(1) %out, align 8
  ret void
}

define spir_kernel void @other() #0 {
  ret void
}

define internal spir_func void @callback() {
  ret void
}

attributes #0 = { "sycl-module-id"="f.cpp" }
