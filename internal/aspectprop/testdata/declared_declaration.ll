; A declaration that declares aspects (a SYCL_EXTERNAL function defined in another
; image) gets them as its used aspects, after its declared list where LLVM prints the
; new kind, and passes them to its callers (DPC++'s propagate-declared-4.ll checks
; "declare !sycl_declared_aspects !N !sycl_used_aspects !N").
target triple = "spir64-unknown-unknown"

define weak_odr dso_local spir_kernel void @kernel() {
entry:
  call spir_func void @_Z3foov()
  ret void
}

declare !sycl_declared_aspects !1 dso_local spir_func void @_Z3foov()

!sycl_aspects = !{!0}

!0 = !{!"fp64", i32 6}
!1 = !{i32 2}
