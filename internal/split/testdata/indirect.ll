; An indirect call: "auto" keeps everything in one image; per kernel, the caller's image
; gets every "referenced-indirectly" function, the other image none.
; RUN: -split=auto
; RUN: -split=kernel
target triple = "spirv64-unknown-unknown"

define spir_kernel void @caller(ptr %fp) #0 {
  call spir_func void %fp()
  ret void
}

define spir_kernel void @plain() #0 {
  ret void
}

define spir_func void @target1() #1 {
  ret void
}

define spir_func void @target2() #1 {
  ret void
}

define spir_func void @not_a_target() {
  ret void
}

attributes #0 = { "sycl-module-id"="i.cpp" }
attributes #1 = { "referenced-indirectly" }
