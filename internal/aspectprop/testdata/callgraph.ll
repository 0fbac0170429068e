; A kernel calls two helpers; one uses double, the other calls a leaf using a type
; declared (through metadata) to need fp16. An unrelated function is not an entry point.
%struct.Half = type { i16 }
%struct.Wrap = type { [2 x %struct.Half], i32 }

define spir_kernel void @kernel() {
  call spir_func void @uses_double()
  call spir_func void @middle()
  ret void
}

define spir_func void @uses_double() {
  %a = alloca double, align 8
  ret void
}

define spir_func void @middle() {
  call spir_func void @leaf()
  ret void
}

define spir_func void @leaf() {
  %w = alloca %struct.Wrap, align 4
  ret void
}

define spir_func void @unreachable() {
  %p = alloca ptr, align 8
  ret void
}

!sycl_types_that_use_aspects = !{!0}
!sycl_aspects = !{!1, !2}

!0 = !{!"struct.Half", i32 5}
!1 = !{!"fp16", i32 5}
!2 = !{!"fp64", i32 6}
