; An indirect call. "auto" is per source, as today's DPC++ (selectDeviceCodeGroupScope)
; splits whatever the indirect calls: @other (j.cpp) gets its own image. Per kernel, the
; caller's image gets every "referenced-indirectly" function, the other images none.
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

define spir_kernel void @other() #2 {
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
attributes #2 = { "sycl-module-id"="j.cpp" }
