; --exclude-aspects drops fp64 from propagated usage; pre-existing metadata and declared
; RUN-FLAGS: --exclude-aspects=fp64 --fixed-targets=gpu,cpu
; aspects stay. --fixed-targets marks entry points.
define spir_kernel void @k1() {
  %x = fadd double 1.0, 2.0
  ret void
}

define spir_kernel void @k2() !sycl_used_aspects !0 {
  %x = fadd double 1.0, 2.0
  ret void
}

define weak_odr dso_local spir_func void @external_fn() #0 {
  ret void
}

attributes #0 = { "sycl-module-id"="b.cpp" }

!0 = !{i32 6}
