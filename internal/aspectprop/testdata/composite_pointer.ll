; Aspects flow through struct members, arrays and vectors, never through pointers.
%A = type { double }
%B = type { [4 x [2 x %A]] }
%P = type { ptr, [2 x ptr] }

define spir_kernel void @by_value() {
  %b = alloca %B, align 8
  ret void
}

define spir_kernel void @by_pointer() {
  %p = alloca %P, align 8
  ret void
}

define spir_kernel void @gep_source(ptr %q) {
  %f = getelementptr inbounds %A, ptr %q, i64 0, i32 0
  ret void
}

; A struct naming a struct defined after it still gets its aspects.
%Early = type { %Late }
%Late = type { double }

define spir_kernel void @forward_member() {
  %e = alloca %Early, align 8
  ret void
}
