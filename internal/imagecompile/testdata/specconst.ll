; Three SYCL 2020 specialization constants read in DPC++'s form: an int read twice (in
; two functions), a half and a double whose defaults LLVM prints in hex and decimal.
; Written for rules_sycl's tests (a copy of internal/specconst/testdata/scalars.ll).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

%"class.sycl::_V1::specialization_id" = type { i32 }
%"class.sycl::_V1::specialization_id.0" = type { half }
%"class.sycl::_V1::specialization_id.1" = type { double }

@__usid_str = private unnamed_addr constant [32 x i8] c"uid0123456789abcdef____ZL5scale\00", align 1
@__usid_str.1 = private unnamed_addr constant [33 x i8] c"uid0123456789abcdef____ZL6offset\00", align 1
@__usid_str.2 = private unnamed_addr constant [31 x i8] c"uid0123456789abcdef____ZL4bias\00", align 1
@_ZL5scale = internal addrspace(1) constant %"class.sycl::_V1::specialization_id" { i32 3 }, align 4
@_ZL6offset = internal addrspace(1) constant %"class.sycl::_V1::specialization_id.0" { half 0xH3C00 }, align 2
@_ZL4bias = internal addrspace(1) constant %"class.sycl::_V1::specialization_id.1" { double 2.500000e-01 }, align 8

define weak_odr dso_local spir_kernel void @_ZTS5Scale(ptr addrspace(1) noundef align 4 %_arg_out, ptr addrspace(1) noundef align 1 %_arg__specialization_constants_buffer) #0 !sycl_used_aspects !2 {
entry:
  %buf = addrspacecast ptr addrspace(1) %_arg__specialization_constants_buffer to ptr addrspace(4)
  %0 = tail call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0)
  %s = tail call spir_func noundef i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) noundef addrspacecast (ptr @__usid_str to ptr addrspace(4)), ptr addrspace(4) noundef addrspacecast (ptr addrspace(1) @_ZL5scale to ptr addrspace(4)), ptr addrspace(4) noundef %buf), !annotation !5
  %h = tail call spir_func noundef half @_Z37__sycl_getScalar2020SpecConstantValueIDF16_ET_PKcPKvS4_(ptr addrspace(4) noundef addrspacecast (ptr @__usid_str.1 to ptr addrspace(4)), ptr addrspace(4) noundef addrspacecast (ptr addrspace(1) @_ZL6offset to ptr addrspace(4)), ptr addrspace(4) noundef %buf)
  %d = tail call spir_func noundef double @_Z37__sycl_getScalar2020SpecConstantValueIdET_PKcPKvS4_(ptr addrspace(4) noundef addrspacecast (ptr @__usid_str.2 to ptr addrspace(4)), ptr addrspace(4) noundef addrspacecast (ptr addrspace(1) @_ZL4bias to ptr addrspace(4)), ptr addrspace(4) noundef %buf)
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
  %s = tail call spir_func noundef i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) noundef addrspacecast (ptr @__usid_str to ptr addrspace(4)), ptr addrspace(4) noundef addrspacecast (ptr addrspace(1) @_ZL5scale to ptr addrspace(4)), ptr addrspace(4) noundef %buf)
  ret i32 %s
}

declare spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 noundef)

declare spir_func noundef i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) noundef, ptr addrspace(4) noundef, ptr addrspace(4) noundef)

declare spir_func noundef half @_Z37__sycl_getScalar2020SpecConstantValueIDF16_ET_PKcPKvS4_(ptr addrspace(4) noundef, ptr addrspace(4) noundef, ptr addrspace(4) noundef)

declare spir_func noundef double @_Z37__sycl_getScalar2020SpecConstantValueIdET_PKcPKvS4_(ptr addrspace(4) noundef, ptr addrspace(4) noundef, ptr addrspace(4) noundef)

attributes #0 = { "sycl-module-id"="scalars.cpp" }

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 6}
!2 = !{i32 6}
!5 = !{!"spec constant read"}
