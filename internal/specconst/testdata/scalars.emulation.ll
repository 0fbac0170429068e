; Three SYCL 2020 specialization constants read in DPC++'s form: an int read twice (in
; two functions), a half and a double whose defaults LLVM prints in hex and decimal.
; Written for rules_sycl's tests.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

%"class.sycl::_V1::specialization_id" = type { i32 }
%"class.sycl::_V1::specialization_id.0" = type { half }
%"class.sycl::_V1::specialization_id.1" = type { double }

@_ZL5scale = internal addrspace(1) constant %"class.sycl::_V1::specialization_id" { i32 3 }, align 4
@_ZL6offset = internal addrspace(1) constant %"class.sycl::_V1::specialization_id.0" { half 0xH3C00 }, align 2
@_ZL4bias = internal addrspace(1) constant %"class.sycl::_V1::specialization_id.1" { double 2.500000e-01 }, align 8

define weak_odr dso_local spir_kernel void @_ZTS5Scale(ptr addrspace(1) noundef align 4 %_arg_out, ptr addrspace(1) noundef align 1 %_arg__specialization_constants_buffer) #0 !sycl_used_aspects !2 {
entry:
  %buf = addrspacecast ptr addrspace(1) %_arg__specialization_constants_buffer to ptr addrspace(4)
  %0 = tail call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0)
  %spec.const.1 = getelementptr i8, ptr addrspace(4) %buf, i32 0
  %s = load i32, ptr addrspace(4) %spec.const.1, align 4, !annotation !5
  %spec.const.2 = getelementptr i8, ptr addrspace(4) %buf, i32 4
  %h = load half, ptr addrspace(4) %spec.const.2, align 2
  %spec.const.3 = getelementptr i8, ptr addrspace(4) %buf, i32 8
  %d = load double, ptr addrspace(4) %spec.const.3, align 8
  %hf = fpext half %h to double
  %sum = fadd double %d, %hf
  %t = call spir_func i32 @helper(ptr addrspace(4) %buf)
  %st = add i32 %s, %t
  %sd = sitofp i32 %st to double
  %r = fadd double %sum, %sd
  %ri = fptosi double %r to i32
  %p = getelementptr inbounds i32, ptr addrspace(1) %_arg_out, i64 %0
  store i32 %ri, ptr addrspace(1) %p, align 4
  ret void
}

define internal spir_func i32 @helper(ptr addrspace(4) %buf) {
entry:
  %spec.const.4 = getelementptr i8, ptr addrspace(4) %buf, i32 0
  %s = load i32, ptr addrspace(4) %spec.const.4, align 4
  ret i32 %s
}

declare spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 noundef)




attributes #0 = { "sycl-module-id"="scalars.cpp" }

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 6}
!2 = !{i32 6}
!5 = !{!"spec constant read"}

!sycl.specialization-constants = !{!6, !7, !8}
!sycl.specialization-constants-default-values = !{!9, !10, !11, !12}
!6 = !{!"uid0123456789abcdef____ZL5scale", i32 0, i32 0, i32 4}
!7 = !{!"uid0123456789abcdef____ZL6offset", i32 1, i32 0, i32 2, i32 -1, i32 2, i32 2}
!8 = !{!"uid0123456789abcdef____ZL4bias", i32 2, i32 0, i32 8}
!9 = !{i32 3}
!10 = !{half 0xH3C00}
!11 = !{[2 x i8] zeroinitializer}
!12 = !{double 2.500000e-01}
