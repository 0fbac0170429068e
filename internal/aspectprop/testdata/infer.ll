; Upstream clang IR: no DPC++ metadata, so half -> fp16 and i64 atomics -> atomic64 are
; inferred (with --infer=auto); a typed-pointer double* is not a double.
define spir_kernel void @h(ptr %p) {
  %v = load half, ptr %p, align 2
  ret void
}

define spir_kernel void @a(ptr %p) {
  %old = atomicrmw add ptr %p, i64 1 monotonic, align 8
  ret void
}

define spir_kernel void @c(ptr %p) {
  %r = cmpxchg ptr %p, i64 0, i64 1 seq_cst seq_cst, align 8
  ret void
}

define spir_kernel void @i32atomic(ptr %p) {
  %old = atomicrmw add ptr %p, i32 1 monotonic, align 4
  ret void
}

define spir_kernel void @global_double() {
  %v = load i32, ptr @gd, align 8
  ret void
}

@gd = global double 0.0, align 8
