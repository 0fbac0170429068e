; [SYCL/program metadata]: each kernel's required work-group size (the uint32 operands
; of !reqd_work_group_size, in their order) and sub-group size, as DPC++'s runtime reads
; them when it builds a program for CUDA or HIP. Helpers and kernels without either
; have no entry; an image whose kernels have none gets no set.
; RUN: -split=none -emit-program-metadata
; RUN: -split=kernel -emit-program-metadata
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_3d() #0 !reqd_work_group_size !0 {
  call void @helper()
  ret void
}

define amdgpu_kernel void @k_2d_sg() #0 !reqd_work_group_size !1 !intel_reqd_sub_group_size !3 {
  ret void
}

define amdgpu_kernel void @k_sg() #0 !intel_reqd_sub_group_size !4 {
  ret void
}

define amdgpu_kernel void @k_plain() #0 {
  ret void
}

define void @helper() #0 !reqd_work_group_size !2 {
  ret void
}

attributes #0 = { "sycl-module-id"="pm.cpp" }

!0 = !{i32 1, i32 2, i32 4}
!1 = !{i32 2, i32 4}
!2 = !{i32 8}
!3 = !{i32 32}
!4 = !{i32 64}
