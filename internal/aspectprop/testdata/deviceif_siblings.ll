; device_if: a kernel with two conditional calls and nothing unconditional: each action's
; aspects pair with its call's condition; the kernel lists both pairs and gets no
; !sycl_used_aspects. A function called both directly and through a condition (@both)
; counts as used where it is called directly.

%Opt.A = type { i32 }
%Opt.B = type { i32 }
%Obj = type { ptr addrspace(4) }

define spir_kernel void @kern() {
  %o = alloca %Obj, align 8
  call spir_func void @cc.first(ptr @act.a, ptr %o, i32 -1, i32 5)
  call spir_func void @cc.second(ptr @act.b, ptr %o, i32 -3, i32 -1, i32 5)
  ret void
}

define spir_kernel void @direct() {
  call spir_func void @both()
  ret void
}

define internal spir_func void @act.a() {
  %a = alloca %Opt.A
  call spir_func void @both()
  ret void
}

define internal spir_func void @act.b() {
  %b = alloca %Opt.B
  ret void
}

define internal spir_func void @both() {
  %x = alloca double
  ret void
}

declare spir_func void @cc.first(ptr, ptr, i32, i32) #0
declare spir_func void @cc.second(ptr, ptr, i32, i32, i32) #0

attributes #0 = { "sycl-call-if-on-device-conditionally"="true" }

!sycl_types_that_use_aspects = !{!0, !1}
!0 = !{!"Opt.A", i32 1}
!1 = !{!"Opt.B", i32 2}
!sycl_aspects = !{!2}
!2 = !{!"fp64", i32 6}
