; Same aspects, different required work-group sizes: separate images; the requirement
; and its dimension count are recorded. Unsplit (-split=none), the image's kernels
; disagree, so it requires no work-group size (DPC++): work_group_num_dim stays the
; first kernel's.
; RUN: -split=auto
; RUN: -split=none -emit-kernel-reqs
target triple = "spirv64-unknown-unknown"

define spir_kernel void @wg_32() #0 !reqd_work_group_size !0 !work_group_num_dim !2 {
  ret void
}

define spir_kernel void @wg_64x2() #0 !reqd_work_group_size !1 !work_group_num_dim !3 {
  ret void
}

define spir_kernel void @wg_64x2_again() #0 !reqd_work_group_size !1 !work_group_num_dim !3 {
  ret void
}

attributes #0 = { "sycl-module-id"="wg.cpp" }

!0 = !{i32 32}
!1 = !{i32 64, i32 2}
!2 = !{i32 1}
!3 = !{i32 2}
