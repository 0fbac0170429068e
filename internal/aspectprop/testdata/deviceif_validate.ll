; RUN-FLAGS: --validate
; device_if and device_has: @lib declares device_has() (nothing). It uses %Opt.B itself,
; which is a warning, and %Opt.A only inside a conditional action, which is not: DPC++
; checks only unconditionally used aspects.

%Opt.A = type { i32 }
%Opt.B = type { i32 }
%Obj = type { ptr addrspace(4) }

define spir_kernel void @kern() {
  call spir_func void @lib()
  ret void
}

define spir_func void @lib() #1 {
  %b = alloca %Opt.B
  %o = alloca %Obj, align 8
  call spir_func void @cc(ptr @act, ptr %o, i32 -1, i32 1)
  ret void
}

define internal spir_func void @act() {
  %a = alloca %Opt.A
  ret void
}

declare spir_func void @cc(ptr, ptr, i32, i32) #0

attributes #0 = { "sycl-call-if-on-device-conditionally"="true" }
attributes #1 = { "sycl-device-has"="" }

!sycl_types_that_use_aspects = !{!0, !1}
!0 = !{!"Opt.A", i32 1}
!1 = !{!"Opt.B", i32 2}
!sycl_aspects = !{!2, !3, !4}
!2 = !{!"fp64", i32 6}
!3 = !{!"one", i32 1}
!4 = !{!"two", i32 2}
