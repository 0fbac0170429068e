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
  %spec.const.1 = getelementptr i8, ptr addrspace(4) %buf, i32 0
  %spec.const.2 = load %struct.U, ptr addrspace(4) %spec.const.1, align 4
  store %struct.U %spec.const.2, ptr addrspace(4) %u4, align 4
  %spec.const.3 = getelementptr i8, ptr addrspace(4) %buf, i32 12
  %spec.const.4 = load %struct.Over, ptr addrspace(4) %spec.const.3, align 4
  store %struct.Over %spec.const.4, ptr addrspace(4) %o4, align 4
  %m = alloca %struct.M, align 4
  %m4 = addrspacecast ptr %m to ptr addrspace(4)
  %spec.const.5 = getelementptr i8, ptr addrspace(4) %buf, i32 76
  %spec.const.6 = load %struct.M, ptr addrspace(4) %spec.const.5, align 1
  store %struct.M %spec.const.6, ptr addrspace(4) %m4, align 1
  %x = load i32, ptr %u, align 4
  %y = load i8, ptr %o, align 64
  %y32 = sext i8 %y to i32
  %s = add i32 %x, %y32
  store i32 %s, ptr addrspace(1) %out, align 4
  ret void
}


!sycl.specialization-constants = !{!0, !1, !2}
!sycl.specialization-constants-default-values = !{!3, !4, !5}
!0 = !{!"uidU__", i32 0, i32 0, i32 12}
!1 = !{!"uidO__", i32 1, i32 0, i32 64}
!2 = !{!"uidM__", i32 2, i32 0, i32 16}
!3 = !{{ float, i32, i8 } { float 1.500000e+00, i32 7, i8 113 }}
!4 = !{%struct.Over { i8 122, %struct.T { i32 -2, i8 9 }, [2 x [2 x i16]] [[2 x i16] [i16 1, i16 2], [2 x i16] [i16 3, i16 4]], [44 x i8] undef }}
!5 = !{{ float, i8, i32, i8 } { float 2.500000e+00, i8 97, i32 42, i8 8 }}
