; Specialization constants as DPC++'s front end writes some composites: an over-aligned
; struct whose tail padding is a field of its own with an undef default, a member struct
; with natural tail padding and an array of arrays; a struct whose default is written as
; a literal struct of the same layout as the named type read; and a packed type read with
; explicit padding fields whose default, a literal struct, has none (its values are
; matched by offset). Written for rules_sycl's tests.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

%struct.T = type { i32, i8 }
%struct.Over = type { i8, %struct.T, [2 x [2 x i16]], [44 x i8] }
%struct.U = type { float, i32, i8 }
%struct.M = type <{ float, i8, [3 x i8], i32, i8, [3 x i8] }>
%"class.sycl::_V1::specialization_id" = type { %struct.Over }

@mid = internal addrspace(1) constant { { float, i8, i32, i8 } } { { float, i8, i32, i8 } { float 2.500000e+00, i8 97, i32 42, i8 8 } }, align 4
@udt = internal addrspace(1) constant { { float, i32, i8 } } { { float, i32, i8 } { float 1.500000e+00, i32 7, i8 113 } }, align 4
@over = internal addrspace(1) constant %"class.sycl::_V1::specialization_id" { %struct.Over { i8 122, %struct.T { i32 -2, i8 9 }, [2 x [2 x i16]] [[2 x i16] [i16 1, i16 2], [2 x i16] [i16 3, i16 4]], [44 x i8] undef } }, align 64

define spir_kernel void @K(ptr addrspace(1) %out, ptr addrspace(1) %buf1) {
entry:
  %buf = addrspacecast ptr addrspace(1) %buf1 to ptr addrspace(4)
  %u = alloca %struct.U, align 4
  %u4 = addrspacecast ptr %u to ptr addrspace(4)
  %o = alloca %struct.Over, align 64
  %o4 = addrspacecast ptr %o to ptr addrspace(4)
  %spec.const.2 = call float @_Z20__spirv_SpecConstantif(i32 0, float 1.500000e+00)
  %spec.const.3 = call i32 @_Z20__spirv_SpecConstantii(i32 1, i32 7)
  %spec.const.4 = call i8 @_Z20__spirv_SpecConstantia(i32 2, i8 113)
  %spec.const.1 = call %struct.U @_Z29__spirv_SpecConstantCompositefia_Rstruct.U(float %spec.const.2, i32 %spec.const.3, i8 %spec.const.4)
  store %struct.U %spec.const.1, ptr addrspace(4) %u4, align 4
  %spec.const.6 = call i8 @_Z20__spirv_SpecConstantia(i32 3, i8 122)
  %spec.const.8 = call i32 @_Z20__spirv_SpecConstantii(i32 4, i32 -2)
  %spec.const.9 = call i8 @_Z20__spirv_SpecConstantia(i32 5, i8 9)
  %spec.const.7 = call %struct.T @_Z29__spirv_SpecConstantCompositeia_Rstruct.T(i32 %spec.const.8, i8 %spec.const.9)
  %spec.const.12 = call i16 @_Z20__spirv_SpecConstantis(i32 6, i16 1)
  %spec.const.13 = call i16 @_Z20__spirv_SpecConstantis(i32 7, i16 2)
  %spec.const.11 = call [2 x i16] @_Z29__spirv_SpecConstantCompositess_RA2_s(i16 %spec.const.12, i16 %spec.const.13)
  %spec.const.15 = call i16 @_Z20__spirv_SpecConstantis(i32 8, i16 3)
  %spec.const.16 = call i16 @_Z20__spirv_SpecConstantis(i32 9, i16 4)
  %spec.const.14 = call [2 x i16] @_Z29__spirv_SpecConstantCompositess_RA2_s(i16 %spec.const.15, i16 %spec.const.16)
  %spec.const.10 = call [2 x [2 x i16]] @_Z29__spirv_SpecConstantCompositeA2_sA2_s_RA2_A2_s([2 x i16] %spec.const.11, [2 x i16] %spec.const.14)
  %spec.const.5 = call %struct.Over @_Z29__spirv_SpecConstantCompositeastruct.TA2_A2_sA44_a_Rstruct.Over(i8 %spec.const.6, %struct.T %spec.const.7, [2 x [2 x i16]] %spec.const.10, [44 x i8] undef)
  store %struct.Over %spec.const.5, ptr addrspace(4) %o4, align 4
  %m = alloca %struct.M, align 4
  %m4 = addrspacecast ptr %m to ptr addrspace(4)
  %spec.const.18 = call float @_Z20__spirv_SpecConstantif(i32 11, float 2.500000e+00)
  %spec.const.19 = call i8 @_Z20__spirv_SpecConstantia(i32 12, i8 97)
  %spec.const.20 = call i32 @_Z20__spirv_SpecConstantii(i32 14, i32 42)
  %spec.const.21 = call i8 @_Z20__spirv_SpecConstantia(i32 15, i8 8)
  %spec.const.17 = call %struct.M @_Z29__spirv_SpecConstantCompositefaA3_aiaA3_a_Rstruct.M(float %spec.const.18, i8 %spec.const.19, [3 x i8] undef, i32 %spec.const.20, i8 %spec.const.21, [3 x i8] undef)
  store %struct.M %spec.const.17, ptr addrspace(4) %m4, align 1
  %x = load i32, ptr %u, align 4
  %y = load i8, ptr %o, align 64
  %y32 = sext i8 %y to i32
  %s = add i32 %x, %y32
  store i32 %s, ptr addrspace(1) %out, align 4
  ret void
}


declare float @_Z20__spirv_SpecConstantif(i32, float)

declare i32 @_Z20__spirv_SpecConstantii(i32, i32)

declare i8 @_Z20__spirv_SpecConstantia(i32, i8)

declare %struct.U @_Z29__spirv_SpecConstantCompositefia_Rstruct.U(float, i32, i8)

declare %struct.T @_Z29__spirv_SpecConstantCompositeia_Rstruct.T(i32, i8)

declare i16 @_Z20__spirv_SpecConstantis(i32, i16)

declare [2 x i16] @_Z29__spirv_SpecConstantCompositess_RA2_s(i16, i16)

declare [2 x [2 x i16]] @_Z29__spirv_SpecConstantCompositeA2_sA2_s_RA2_A2_s([2 x i16], [2 x i16])

declare %struct.Over @_Z29__spirv_SpecConstantCompositeastruct.TA2_A2_sA44_a_Rstruct.Over(i8, %struct.T, [2 x [2 x i16]], [44 x i8])

declare %struct.M @_Z29__spirv_SpecConstantCompositefaA3_aiaA3_a_Rstruct.M(float, i8, [3 x i8], i32, i8, [3 x i8])

!sycl.specialization-constants = !{!0, !1, !2}
!sycl.specialization-constants-default-values = !{!3, !4, !5}
!0 = !{!"uidU__", i32 0, i32 0, i32 4, i32 1, i32 4, i32 4, i32 2, i32 8, i32 1, i32 -1, i32 9, i32 3}
!1 = !{!"uidO__", i32 3, i32 0, i32 1, i32 4, i32 4, i32 4, i32 5, i32 8, i32 1, i32 -1, i32 9, i32 3, i32 6, i32 12, i32 2, i32 7, i32 14, i32 2, i32 8, i32 16, i32 2, i32 9, i32 18, i32 2, i32 -1, i32 20, i32 44}
!2 = !{!"uidM__", i32 11, i32 0, i32 4, i32 12, i32 4, i32 1, i32 14, i32 8, i32 4, i32 15, i32 12, i32 1, i32 -1, i32 13, i32 3}
!3 = !{{ float, i32, i8 } { float 1.500000e+00, i32 7, i8 113 }}
!4 = !{%struct.Over { i8 122, %struct.T { i32 -2, i8 9 }, [2 x [2 x i16]] [[2 x i16] [i16 1, i16 2], [2 x i16] [i16 3, i16 4]], [44 x i8] undef }}
!5 = !{{ float, i8, i32, i8 } { float 2.500000e+00, i8 97, i32 42, i8 8 }}
