; Declared aspects (device_has) are kept, propagated to callers, and validated.
define spir_kernel void @kernel() !sycl_declared_aspects !0 {
  call spir_func void @helper()
  ret void
}

define spir_func void @helper() !sycl_declared_aspects !1 {
  call spir_func void @dbl()
  ret void
}

define spir_func void @dbl() {
  %x = fadd double 1.0, 2.0
  ret void
}

define spir_func void @by_attribute() #0 {
  call spir_func void @dbl()
  ret void
}

attributes #0 = { "sycl-device-has"="5" "sycl-module-id"="a.cpp" }

!0 = !{!2}
!1 = !{i32 5}
!2 = !{!"gpu", i32 2}
