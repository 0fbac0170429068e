; A vtable (a global initialized with function addresses) brings its virtual functions
; into the image of the kernel that uses it.
; RUN: -split=kernel
target triple = "spirv64-unknown-unknown"

@_ZTV4Base = linkonce_odr addrspace(1) constant { [3 x ptr addrspace(4)] } { [3 x ptr addrspace(4)] [ptr addrspace(4) null, ptr addrspace(4) null, ptr addrspace(4) addrspacecast (ptr @_ZN4Base3runEv to ptr addrspace(4))] }, comdat, align 8

$_ZTV4Base = comdat any

define spir_kernel void @uses_vtable(ptr addrspace(1) %o) #0 {
  store ptr addrspace(1) @_ZTV4Base, ptr addrspace(1) %o, align 8
  ret void
}

define spir_kernel void @no_vtable() #0 {
  ret void
}

define linkonce_odr spir_func void @_ZN4Base3runEv() #1 {
  %d = fadd double 1.0, 1.0
  ret void
}

attributes #0 = { "sycl-module-id"="v.cpp" }
attributes #1 = { nounwind }
