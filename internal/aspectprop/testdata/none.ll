; A module without any optional feature: output is byte-identical to the input.
source_filename = "none.cpp"
target triple = "spirv64-unknown-unknown"

@g = addrspace(1) global i32 0, align 4

define spir_kernel void @"quoted name"(ptr addrspace(1) %p) {
entry:
  %v = load i32, ptr addrspace(1) %p, align 4
  store i32 %v, ptr addrspace(1) @g, align 4
  ret void
}

declare spir_func i32 @_Z28__spirv_GlobalInvocationId_xv()
