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
  store %struct.Params { i32 1, double 2.500000e-01, %struct.Inner { i8 -3, float 1.500000e+00 } }, ptr addrspace(4) %p4, align 8
  %x = load i32, ptr %p, align 8
  %y = extractvalue %struct.Pair zeroinitializer, 0
  %y32 = sext i16 %y to i32
  %z = extractvalue %struct.Arr { [3 x i32] [i32 4, i32 5, i32 6] }, 0, 2
  %w = extractvalue %struct.Vec { <2 x float> <float 1.000000e+00, float 2.000000e+00> }, 0
  %w0 = extractelement <2 x float> %w, i32 1
  %wi = fptosi float %w0 to i32
  %s1 = add i32 %x, %y32
  %s2 = add i32 %s1, %z
  %s3 = add i32 %s2, %wi
  store i32 %s3, ptr addrspace(1) %out, align 4
  ret void
}


attributes #0 = { "sycl-module-id"="composites.cpp" }

!sycl.specialization-constants = !{!0, !1, !2, !3}
!sycl.specialization-constants-default-values = !{!4, !5, !6, !7}
!0 = !{!"uidP__", i32 0, i32 0, i32 24}
!1 = !{!"uidQ__", i32 1, i32 0, i32 4}
!2 = !{!"uidA__", i32 2, i32 0, i32 12}
!3 = !{!"uidV__", i32 3, i32 0, i32 8}
!4 = !{%struct.Params { i32 1, double 2.500000e-01, %struct.Inner { i8 -3, float 1.500000e+00 } }}
!5 = !{%struct.Pair zeroinitializer}
!6 = !{%struct.Arr { [3 x i32] [i32 4, i32 5, i32 6] }}
!7 = !{%struct.Vec { <2 x float> <float 1.000000e+00, float 2.000000e+00> }}
