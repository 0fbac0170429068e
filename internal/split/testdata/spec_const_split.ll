; RUN: -split=kernel -spec-const=native
; RUN: -split=source -spec-const=emulation
; RUN: -split=source -spec-const=native -generate-device-image-default-spec-consts
; Specialization constants and the split: each image numbers the constants it reads from
; 0, in the order it first reads them, and lists only those (DPC++ lowers them per split
; module). KA reads A and B, KB reads B; in emulation both kernels share one image and one
; buffer layout.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

@idA = private unnamed_addr constant [5 x i8] c"uidA\00", align 1
@idB = private unnamed_addr constant [5 x i8] c"uidB\00", align 1
@A = internal addrspace(1) constant { i8 } { i8 -5 }, align 1
@B = internal addrspace(1) constant { i64 } { i64 1099511627776 }, align 8

define spir_kernel void @KA(ptr addrspace(1) %out, ptr addrspace(1) %buf) #0 {
entry:
  %a = call spir_func i8 @_Z37__sycl_getScalar2020SpecConstantValueIaET_PKcPKvS4_(ptr @idA, ptr addrspace(1) @A, ptr addrspace(1) %buf)
  %b = call spir_func i64 @_Z37__sycl_getScalar2020SpecConstantValueIlET_PKcPKvS4_(ptr @idB, ptr addrspace(1) @B, ptr addrspace(1) %buf)
  %a64 = sext i8 %a to i64
  %s = add i64 %a64, %b
  store i64 %s, ptr addrspace(1) %out, align 8
  ret void
}

define spir_kernel void @KB(ptr addrspace(1) %out, ptr addrspace(1) %buf) #0 {
entry:
  %b = call spir_func i64 @_Z37__sycl_getScalar2020SpecConstantValueIlET_PKcPKvS4_(ptr @idB, ptr addrspace(1) @B, ptr addrspace(1) %buf)
  store i64 %b, ptr addrspace(1) %out, align 8
  ret void
}

declare spir_func i8 @_Z37__sycl_getScalar2020SpecConstantValueIaET_PKcPKvS4_(ptr, ptr addrspace(1), ptr addrspace(1))

declare spir_func i64 @_Z37__sycl_getScalar2020SpecConstantValueIlET_PKcPKvS4_(ptr, ptr addrspace(1), ptr addrspace(1))

attributes #0 = { "sycl-module-id"="spec.cpp" }
