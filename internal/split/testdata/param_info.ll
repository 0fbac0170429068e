; RUN: -split=kernel -emit-param-info -emit-only-kernels-as-entry-points
; RUN: -split=none -emit-param-info
; [SYCL/kernel param opt]: DPC++'s front end eliminates unused kernel arguments and
; records which in !sycl_kernel_omit_args (one i1 per source-level argument); the set
; holds one bit vector per kernel, its bit count the argument count. A kernel without
; the attachment has no entry; an empty attachment still makes the set. With
; -emit-only-kernels-as-entry-points the SYCL_EXTERNAL function @ext is no entry point.
target triple = "spir64-unknown-unknown"

define weak_odr dso_local spir_kernel void @two(float %a) !sycl_kernel_omit_args !0 {
  call spir_func void @ext(float %a)
  ret void
}

define weak_odr dso_local spir_kernel void @eleven(i8 %a, i8 %b, i8 %c) !sycl_kernel_omit_args !1 {
  ret void
}

define weak_odr dso_local spir_kernel void @none() !sycl_kernel_omit_args !2 {
  ret void
}

define weak_odr dso_local spir_kernel void @plain(i32 %x) {
  ret void
}

define dso_local spir_func void @ext(float %a) #0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!0 = !{i1 true, i1 false}
!1 = !{i1 false, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 false, i1 false, i1 true, i1 true}
!2 = !{}
