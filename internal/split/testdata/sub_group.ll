; Numeric required sub-group sizes split; a named size (a string, as "primary") does
; not, and is not a numeric requirement.
; RUN: -split=auto -o pocl_cpu,pocl.table -o intel_gpu_acm_g10,acm.table -o intel_gpu_pvc,pvc.table
; RUN: -split=none -emit-kernel-reqs
target triple = "spirv64-unknown-unknown"

define spir_kernel void @sg_8() #0 !intel_reqd_sub_group_size !0 {
  ret void
}

define spir_kernel void @sg_16() #0 !intel_reqd_sub_group_size !1 {
  ret void
}

define spir_kernel void @sg_primary() #0 !intel_reqd_sub_group_size !2 {
  ret void
}

define spir_kernel void @sg_none() #0 {
  ret void
}

attributes #0 = { "sycl-module-id"="sg.cpp" }

!0 = !{i32 8}
!1 = !{i32 16}
!2 = !{!"primary"}
