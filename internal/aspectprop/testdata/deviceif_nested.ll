; device_if: conditional callers (DPC++'s declarations with the action first) nested two
; deep. The kernel reaches @plain (uses %Opt.A) and @outer (uses %Opt.B), which calls
; @cc.outer(@act.one, ..., i32 1, i32 2); @act.one uses %Opt.C and calls
; @cc.inner(@act.two, ..., i32 3, i32 4); @act.two uses %Opt.D. Aspects reached only
; through a condition stay out of !sycl_used_aspects; conditions accumulate as DPC++'s
; integer sets: @act.two's pair is ({1,2,3,4}, {4}), and @act.one's aspects (3, and 4 from
; its callee) pair with {1,2}.

%Opt.A = type { i32 }
%Opt.B = type { i32 }
%Opt.C = type { i32 }
%Opt.D = type { i32 }
%Obj = type { ptr addrspace(4) }

define spir_kernel void @kern() {
  call spir_func void @plain()
  call spir_func void @outer()
  ret void
}

define spir_func void @plain() {
  %a = alloca %Opt.A
  ret void
}

define spir_func void @outer() {
  %b = alloca %Opt.B
  %o = alloca %Obj, align 8
  call spir_func void @cc.outer(ptr @act.one, ptr %o, i32 1, i32 2)
  ret void
}

define internal spir_func void @act.one() {
  %c = alloca %Opt.C
  %o = alloca %Obj, align 8
  call spir_func void @cc.inner(ptr @act.two, ptr %o, i32 3, i32 4)
  ret void
}

define internal spir_func void @act.two() {
  %d = alloca %Opt.D
  ret void
}

declare spir_func void @cc.outer(ptr, ptr, i32, i32) #0
declare spir_func void @cc.inner(ptr, ptr, i32, i32) #0

attributes #0 = { "sycl-call-if-on-device-conditionally"="true" }

!sycl_types_that_use_aspects = !{!0, !1, !2, !3}
!0 = !{!"Opt.A", i32 1}
!1 = !{!"Opt.B", i32 2}
!2 = !{!"Opt.C", i32 3}
!3 = !{!"Opt.D", i32 4}
!sycl_aspects = !{!4}
!4 = !{!"fp64", i32 6}
