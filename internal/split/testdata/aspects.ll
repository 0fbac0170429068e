; Three kernels of one source: one uses fp64, one fp16 (through a helper), one nothing.
; RUN: -split=source
; RUN: -split=kernel
; RUN: -split=none
; RUN: -split=auto -o intel_gpu_tgllp,tgllp.table -o intel_gpu_pvc,pvc.table
target triple = "spirv64-unknown-unknown"

define spir_kernel void @k_fp64() #0 !sycl_used_aspects !1 {
  %x = fadd double 1.0, 2.0
  ret void
}

define spir_kernel void @k_fp16() #0 !sycl_used_aspects !3 {
  call spir_func void @uses_half()
  ret void
}

define internal spir_func void @uses_half() !sycl_used_aspects !3 {
  %h = fadd half 0xH3C00, 0xH3C00
  ret void
}

define spir_kernel void @k_plain() #0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!0 = !{!"fp64", i32 6}
!1 = !{!0}
!2 = !{!"fp16", i32 5}
!3 = !{!2}
