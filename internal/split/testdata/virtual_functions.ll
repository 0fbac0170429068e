; RUN: -split=auto
; RUN: -split=kernel
; Virtual functions (sycl-post-link's JIT flow): each "indirectly-callable" set goes to
; images of its own (by set and requirements, in every split mode); the kernel images
; that reach a virtual function through a vtable hold its declaration, not its body, and
; require nothing for it; [SYCL/virtual functions] names the set an image provides or the
; sets its kernels call ("calls-indirectly"); the set image whose functions need fp64 is
; followed by its dummy: the same functions with empty bodies, no aspect, dummy-image=1.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

$_ZTV5Shape = comdat any
$_ZN5Shape4areaEv = comdat any
$_ZN5Shape5scaleEd = comdat any

@_ZTV5Shape = linkonce_odr dso_local unnamed_addr addrspace(1) constant { [4 x ptr addrspace(4)] } { [4 x ptr addrspace(4)] [ptr addrspace(4) null, ptr addrspace(4) null, ptr addrspace(4) addrspacecast (ptr @_ZN5Shape4areaEv to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr @_ZN5Shape5scaleEd to ptr addrspace(4))] }, comdat, align 8

; Builds the object: references the vtable, so both virtual functions.
define weak_odr dso_local spir_kernel void @Construct(ptr addrspace(1) noundef align 8 %obj) #0 {
entry:
  store ptr addrspace(1) getelementptr inbounds inrange(-16, 16) (i8, ptr addrspace(1) @_ZTV5Shape, i64 16), ptr addrspace(1) %obj, align 8
  ret void
}

; Calls through the vtable, with the calls_indirectly property of both sets.
define weak_odr dso_local spir_kernel void @Use(ptr addrspace(1) noundef align 8 %obj, ptr addrspace(1) %out) #1 {
entry:
  %vt = load ptr addrspace(4), ptr addrspace(1) %obj, align 8
  %fp = load ptr, ptr addrspace(4) %vt, align 8
  %r = call spir_func i32 %fp(ptr addrspace(1) %obj) #4
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}

define linkonce_odr spir_func i32 @_ZN5Shape4areaEv(ptr addrspace(1) noundef %this) #2 comdat align 2 {
entry:
  %v = call spir_func i32 @helper(i32 6)
  ret i32 %v
}

define linkonce_odr spir_func void @_ZN5Shape5scaleEd(ptr addrspace(1) noundef %this, double noundef %f) #3 comdat align 2 !sycl_used_aspects !0 {
entry:
  %x = fmul double %f, 2.000000e+00
  ret void
}

define internal spir_func i32 @helper(i32 %x) {
entry:
  %y = mul i32 %x, 7
  ret i32 %y
}

attributes #0 = { "sycl-module-id"="shapes.cpp" }
attributes #1 = { "sycl-module-id"="shapes.cpp" "calls-indirectly"="set-area,set-fp64" }
attributes #2 = { "indirectly-callable"="set-area" "sycl-module-id"="shapes.cpp" }
attributes #3 = { "indirectly-callable"="set-fp64" "sycl-module-id"="shapes.cpp" }
attributes #4 = { "virtual-call" }

!sycl_aspects = !{!1}
!0 = !{i32 6}
!1 = !{!"fp64", i32 6}
