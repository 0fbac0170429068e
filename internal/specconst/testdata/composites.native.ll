; Composite SYCL 2020 specialization constants in DPC++'s form: a struct read through an
; sret pointer (with a nested struct, interior and tail padding), a struct returned by
; value, an array and a vector, and a zero-initialized one. Written for rules_sycl's tests.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

%struct.Inner = type { i8, float }
%struct.Params = type { i32, double, %struct.Inner }
%struct.Pair = type { i16, i16 }
%struct.Arr = type { [3 x i32] }
%struct.Vec = type { <2 x float> }
%"class.sycl::_V1::specialization_id" = type { %struct.Params }
%"class.sycl::_V1::specialization_id.0" = type { %struct.Pair }
%"class.sycl::_V1::specialization_id.1" = type { %struct.Arr }
%"class.sycl::_V1::specialization_id.2" = type { %struct.Vec }

@params = internal addrspace(1) constant %"class.sycl::_V1::specialization_id" { %struct.Params { i32 1, double 2.500000e-01, %struct.Inner { i8 -3, float 1.500000e+00 } } }, align 8
@pair = internal addrspace(1) constant %"class.sycl::_V1::specialization_id.0" zeroinitializer, align 2
@arr = internal addrspace(1) constant %"class.sycl::_V1::specialization_id.1" { %struct.Arr { [3 x i32] [i32 4, i32 5, i32 6] } }, align 4
@vec = internal addrspace(1) constant %"class.sycl::_V1::specialization_id.2" { %struct.Vec { <2 x float> <float 1.000000e+00, float 2.000000e+00> } }, align 8

define spir_kernel void @K(ptr addrspace(1) %out, ptr addrspace(1) %buf1) #0 {
entry:
  %buf = addrspacecast ptr addrspace(1) %buf1 to ptr addrspace(4)
  %p = alloca %struct.Params, align 8
  %p4 = addrspacecast ptr %p to ptr addrspace(4)
  %spec.const.2 = call i32 @_Z20__spirv_SpecConstantii(i32 0, i32 1)
  %spec.const.3 = call double @_Z20__spirv_SpecConstantid(i32 1, double 2.500000e-01)
  %spec.const.5 = call i8 @_Z20__spirv_SpecConstantia(i32 2, i8 -3)
  %spec.const.6 = call float @_Z20__spirv_SpecConstantif(i32 3, float 1.500000e+00)
  %spec.const.4 = call %struct.Inner @_Z29__spirv_SpecConstantCompositeaf_Rstruct.Inner(i8 %spec.const.5, float %spec.const.6)
  %spec.const.1 = call %struct.Params @_Z29__spirv_SpecConstantCompositeidstruct.Inner_Rstruct.Params(i32 %spec.const.2, double %spec.const.3, %struct.Inner %spec.const.4)
  store %struct.Params %spec.const.1, ptr addrspace(4) %p4, align 8
  %spec.const.7 = call i16 @_Z20__spirv_SpecConstantis(i32 4, i16 0)
  %spec.const.8 = call i16 @_Z20__spirv_SpecConstantis(i32 5, i16 0)
  %q = call %struct.Pair @_Z29__spirv_SpecConstantCompositess_Rstruct.Pair(i16 %spec.const.7, i16 %spec.const.8)
  %spec.const.10 = call i32 @_Z20__spirv_SpecConstantii(i32 6, i32 4)
  %spec.const.11 = call i32 @_Z20__spirv_SpecConstantii(i32 7, i32 5)
  %spec.const.12 = call i32 @_Z20__spirv_SpecConstantii(i32 8, i32 6)
  %spec.const.9 = call [3 x i32] @_Z29__spirv_SpecConstantCompositeiii_RA3_i(i32 %spec.const.10, i32 %spec.const.11, i32 %spec.const.12)
  %a = call %struct.Arr @_Z29__spirv_SpecConstantCompositeA3_i_Rstruct.Arr([3 x i32] %spec.const.9)
  %spec.const.14 = call float @_Z20__spirv_SpecConstantif(i32 9, float 1.000000e+00)
  %spec.const.15 = call float @_Z20__spirv_SpecConstantif(i32 10, float 2.000000e+00)
  %spec.const.13 = call <2 x float> @_Z29__spirv_SpecConstantCompositeff_RDv2_f(float %spec.const.14, float %spec.const.15)
  %v = call %struct.Vec @_Z29__spirv_SpecConstantCompositeDv2_f_Rstruct.Vec(<2 x float> %spec.const.13)
  %x = load i32, ptr %p, align 8
  %y = extractvalue %struct.Pair %q, 0
  %y32 = sext i16 %y to i32
  %z = extractvalue %struct.Arr %a, 0, 2
  %w = extractvalue %struct.Vec %v, 0
  %w0 = extractelement <2 x float> %w, i32 1
  %wi = fptosi float %w0 to i32
  %s1 = add i32 %x, %y32
  %s2 = add i32 %s1, %z
  %s3 = add i32 %s2, %wi
  store i32 %s3, ptr addrspace(1) %out, align 4
  ret void
}


attributes #0 = { "sycl-module-id"="composites.cpp" }

declare i32 @_Z20__spirv_SpecConstantii(i32, i32)

declare double @_Z20__spirv_SpecConstantid(i32, double)

declare i8 @_Z20__spirv_SpecConstantia(i32, i8)

declare float @_Z20__spirv_SpecConstantif(i32, float)

declare %struct.Inner @_Z29__spirv_SpecConstantCompositeaf_Rstruct.Inner(i8, float)

declare %struct.Params @_Z29__spirv_SpecConstantCompositeidstruct.Inner_Rstruct.Params(i32, double, %struct.Inner)

declare i16 @_Z20__spirv_SpecConstantis(i32, i16)

declare %struct.Pair @_Z29__spirv_SpecConstantCompositess_Rstruct.Pair(i16, i16)

declare [3 x i32] @_Z29__spirv_SpecConstantCompositeiii_RA3_i(i32, i32, i32)

declare %struct.Arr @_Z29__spirv_SpecConstantCompositeA3_i_Rstruct.Arr([3 x i32])

declare <2 x float> @_Z29__spirv_SpecConstantCompositeff_RDv2_f(float, float)

declare %struct.Vec @_Z29__spirv_SpecConstantCompositeDv2_f_Rstruct.Vec(<2 x float>)

!sycl.specialization-constants = !{!0, !1, !2, !3}
!sycl.specialization-constants-default-values = !{!4, !5, !6, !7}
!0 = !{!"uidP__", i32 0, i32 0, i32 4, i32 1, i32 8, i32 8, i32 2, i32 16, i32 1, i32 3, i32 20, i32 4}
!1 = !{!"uidQ__", i32 4, i32 0, i32 2, i32 5, i32 2, i32 2}
!2 = !{!"uidA__", i32 6, i32 0, i32 4, i32 7, i32 4, i32 4, i32 8, i32 8, i32 4}
!3 = !{!"uidV__", i32 9, i32 0, i32 4, i32 10, i32 4, i32 4}
!4 = !{%struct.Params { i32 1, double 2.500000e-01, %struct.Inner { i8 -3, float 1.500000e+00 } }}
!5 = !{%struct.Pair zeroinitializer}
!6 = !{%struct.Arr { [3 x i32] [i32 4, i32 5, i32 6] }}
!7 = !{%struct.Vec { <2 x float> <float 1.000000e+00, float 2.000000e+00> }}
