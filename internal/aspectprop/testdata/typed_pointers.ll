; llvm14: typed pointers as LLVM 14 prints them (not accepted by llvm-as-22).
%struct.S = type { double }
%struct.Holder = type { %struct.S*, double* }

define spir_kernel void @holder_only(%struct.Holder* %h) {
  %p = getelementptr inbounds %struct.Holder, %struct.Holder* %h, i64 0, i32 0
  ret void
}

define spir_kernel void @by_value(%struct.S* byval(%struct.S) %s) {
  %v = alloca %struct.S, align 8
  ret void
}
