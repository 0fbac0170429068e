; Each image's clean-up after the split, as sycl-post-link's without
; -allow-device-image-dependencies (GlobalDCE, no InternalizePass): every function keeps
; its linkage, preemption, visibility and comdat (a SYCL_EXTERNAL function, a plain one,
; a linkonce_odr hidden one in its own comdat, one whose comdat it shares with a global),
; as DPC++'s one-kernel-per-module.ll and basic-module-split.ll check; and @llvm.used is
; erased: what it named stays only where an entry point reaches it (the used declaration
; @still_used; not @not_used).
; RUN: -split=source
; RUN: -split=kernel
; RUN: -split=kernel -emit-only-kernels-as-entry-points
target triple = "spir64-unknown-unknown"

$inline_helper = comdat any
$shared = comdat any

@llvm.used = appending global [3 x ptr] [ptr @not_used, ptr @still_used, ptr @kernel_a], section "llvm.metadata"
@shared_var = linkonce_odr global i32 0, comdat($shared)

define spir_func void @plain_func() {
  ret void
}

define spir_func void @sycl_external_func() #0 {
  ret void
}

define linkonce_odr dso_local hidden spir_func void @inline_helper() comdat {
  ret void
}

define linkonce_odr spir_func i32 @shared() comdat($shared) {
  %v = load i32, ptr @shared_var
  ret i32 %v
}

define spir_func void @not_used() #0 {
  ret void
}

declare spir_func void @still_used()

define weak_odr dso_local spir_kernel void @kernel_a() #0 {
  call spir_func void @plain_func()
  call spir_func void @sycl_external_func()
  call spir_func void @inline_helper()
  %s = call spir_func i32 @shared()
  call spir_func void @still_used()
  ret void
}

define weak_odr dso_local spir_kernel void @kernel_b() #1 {
  call spir_func void @plain_func()
  call spir_func void @sycl_external_func()
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
