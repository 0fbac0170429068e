; RUN: -split=kernel
; Constant expressions in the images read as LLVM prints them: a getelementptr with zero
; indices on an opaque pointer is its base, a bitcast to the same type its operand (opt-22
; -S folds both); the GEP instruction and the real address-space cast stay.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

@.str = private unnamed_addr addrspace(1) constant [5 x i8] c"abcd\00", align 1
@table = internal addrspace(1) global ptr addrspace(1) getelementptr inbounds ([5 x i8], ptr addrspace(1) @.str, i64 0, i64 0), align 8

define spir_kernel void @K(ptr addrspace(1) %out) #0 {
entry:
  %p = load ptr addrspace(1), ptr addrspace(1) @table, align 8
  %q = getelementptr inbounds i8, ptr addrspace(1) %p, i64 0
  %c = load i8, ptr addrspace(1) getelementptr inbounds ([5 x i8], ptr addrspace(1) @.str, i64 0, i64 0), align 1
  %g = addrspacecast ptr addrspace(1) bitcast (ptr addrspace(1) @.str to ptr addrspace(1)) to ptr addrspace(4)
  %d = load i8, ptr addrspace(4) %g, align 1
  %e = load i8, ptr addrspace(1) %q, align 1
  %s = add i8 %c, %d
  %t = add i8 %s, %e
  store i8 %t, ptr addrspace(1) %out, align 1
  ret void
}

attributes #0 = { "sycl-module-id"="fold.cpp" }
