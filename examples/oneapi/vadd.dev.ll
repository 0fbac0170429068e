; The spir64 device IR of vadd.cpp, in the form DPC++'s device front end writes it
; (icpx -fsycl -fsycl-device-only -S -emit-llvm, -O2): kernels named _ZTS<kernel name>
; taking the captured values of the kernel's function object as separate arguments, the
; SPIR-V built-ins as function calls, the "sycl-module-id" attribute on every kernel, the
; front end's aspect propagation already done (!sycl_used_aspects as a list of i32 on
; Scale64), and the module's !sycl_aspects table. Coeff reads a specialization constant
; through its kernel_handler: a call of __sycl_getScalar2020SpecConstantValue<int> with the
; constant's symbolic ID, its specialization_id (the default) and, for SPIR-V's native
; specialization constants, no buffer (null). Written by hand for this example.
; ModuleID = 'vadd.cpp'
source_filename = "vadd.cpp"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

%"class.sycl::_V1::specialization_id" = type { i32 }

$_ZN4vadd5coeffE = comdat any

@__usid_str = private unnamed_addr addrspace(1) constant [16 x i8] c"_ZN4vadd5coeffE\00", align 1
@_ZN4vadd5coeffE = linkonce_odr dso_local addrspace(1) constant %"class.sycl::_V1::specialization_id" { i32 3 }, comdat, align 4

; Function Attrs: mustprogress norecurse nounwind
define weak_odr dso_local spir_kernel void @_ZTS4VAdd(ptr addrspace(1) noundef readonly align 4 %_arg_a, ptr addrspace(1) noundef readonly align 4 %_arg_b, ptr addrspace(1) noundef writeonly align 4 %_arg_c) local_unnamed_addr #0 !srcloc !8 !kernel_arg_buffer_location !9 !sycl_fixed_targets !10 !sycl_kernel_omit_args !11 {
entry:
  %0 = tail call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0) #2
  %arrayidx.i = getelementptr inbounds float, ptr addrspace(1) %_arg_a, i64 %0
  %1 = load float, ptr addrspace(1) %arrayidx.i, align 4
  %arrayidx4.i = getelementptr inbounds float, ptr addrspace(1) %_arg_b, i64 %0
  %2 = load float, ptr addrspace(1) %arrayidx4.i, align 4
  %add.i = fadd float %1, %2
  %arrayidx6.i = getelementptr inbounds float, ptr addrspace(1) %_arg_c, i64 %0
  store float %add.i, ptr addrspace(1) %arrayidx6.i, align 4
  ret void
}

; Function Attrs: mustprogress norecurse nounwind
define weak_odr dso_local spir_kernel void @_ZTS7Scale64(ptr addrspace(1) noundef align 8 %_arg_d, double noundef %_arg_f) local_unnamed_addr #0 !srcloc !12 !kernel_arg_buffer_location !13 !sycl_fixed_targets !10 !sycl_kernel_omit_args !14 !sycl_used_aspects !15 {
entry:
  %0 = tail call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0) #2
  %arrayidx.i = getelementptr inbounds double, ptr addrspace(1) %_arg_d, i64 %0
  %1 = load double, ptr addrspace(1) %arrayidx.i, align 8
  %mul.i = fmul double %1, %_arg_f
  store double %mul.i, ptr addrspace(1) %arrayidx.i, align 8
  ret void
}

; Function Attrs: mustprogress norecurse nounwind
define weak_odr dso_local spir_kernel void @_ZTS5Coeff(ptr addrspace(1) noundef align 4 %_arg_e) local_unnamed_addr #0 !srcloc !17 !kernel_arg_buffer_location !18 !sycl_fixed_targets !10 !sycl_kernel_omit_args !19 {
entry:
  %0 = tail call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0) #2
  %call.i = tail call spir_func noundef i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) noundef addrspacecast (ptr addrspace(1) @__usid_str to ptr addrspace(4)), ptr addrspace(4) noundef addrspacecast (ptr addrspace(1) @_ZN4vadd5coeffE to ptr addrspace(4)), ptr addrspace(4) noundef null) #3
  %conv.i = trunc i64 %0 to i32
  %mul.i = mul nsw i32 %call.i, %conv.i
  %arrayidx.i = getelementptr inbounds i32, ptr addrspace(1) %_arg_e, i64 %0
  store i32 %mul.i, ptr addrspace(1) %arrayidx.i, align 4
  ret void
}

; Function Attrs: nounwind willreturn memory(none)
declare spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 noundef) local_unnamed_addr #1

attributes #0 = { mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "sycl-module-id"="vadd.cpp" "sycl-optlevel"="2" "uniform-work-group-size"="true" }
attributes #1 = { nounwind willreturn memory(none) }
attributes #2 = { nounwind willreturn memory(none) }
attributes #3 = { convergent nounwind }

; Function Attrs: convergent nounwind
declare spir_func noundef i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) noundef, ptr addrspace(4) noundef, ptr addrspace(4) noundef) local_unnamed_addr #3

!llvm.module.flags = !{!0, !1}
!opencl.spir.version = !{!2}
!spirv.Source = !{!3}
!sycl_aspects = !{!4, !5, !6, !7}
!llvm.ident = !{!16}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{i32 1, i32 2}
!3 = !{i32 4, i32 100000}
!4 = !{!"cpu", i32 1}
!5 = !{!"gpu", i32 2}
!6 = !{!"fp16", i32 5}
!7 = !{!"fp64", i32 6}
!8 = !{i32 1066}
!9 = !{i32 -1, i32 -1, i32 -1}
!10 = !{}
!11 = !{i1 false, i1 false, i1 false}
!12 = !{i32 1431}
!13 = !{i32 -1, i32 -1}
!14 = !{i1 false, i1 false}
!15 = !{i32 6}
!16 = !{!"Intel(R) oneAPI DPC++/C++ Compiler (hand-written example of its output)"}
!17 = !{i32 1742}
!18 = !{i32 -1}
!19 = !{i1 false}
