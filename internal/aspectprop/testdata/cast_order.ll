; A conversion's own type comes first: DPC++'s pass visits an instruction's result type
; before its operands' types, so "fpext half ... to double" uses fp64, then fp16, although
; the text names half first. The list keeps that order (fewer than five aspects).
define spir_func void @widen(ptr %p) {
  %d = fpext half 0xH3C00 to double
  store double %d, ptr %p, align 8
  ret void
}

define spir_kernel void @k(ptr %p) {
  call spir_func void @widen(ptr %p)
  ret void
}
