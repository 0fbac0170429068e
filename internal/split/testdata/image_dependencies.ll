; RUN: -split=kernel -emit-exported-symbols -emit-imported-symbols
; RUN: -split=kernel -allow-device-image-dependencies -emit-exported-symbols -emit-imported-symbols
; Device image dependencies. [SYCL/exported symbols]: an image's entry points that are
; not kernels (@middle, SYCL_EXTERNAL). [SYCL/imported symbols]: the SYCL_EXTERNAL
; functions an image declares, in module order; not @_Z8__insidev (demangled "__inside"),
; not the OpenCL built-in @_Z3sinf, not an intrinsic. With
; -allow-device-image-dependencies the kernels' images declare @middle instead of
; holding a copy (and import it), and @helper, which no other image may import, becomes
; internal in the image that defines it.
target triple = "spir64-unknown-unknown"

define weak_odr spir_kernel void @foo() #0 {
  call spir_func void @childA()
  call spir_func void @middle()
  ret void
}

define weak_odr spir_kernel void @bar(float %x) #0 {
  call spir_func void @childB()
  call spir_func void @_Z8__insidev()
  call spir_func void @_Z7outsidev()
  call spir_func void @middle()
  %s = call spir_func float @_Z3sinf(float %x)
  %f = call float @llvm.fabs.f32(float %s)
  ret void
}

define spir_func void @middle() #0 {
  call spir_func void @childD()
  call spir_func void @helper()
  ret void
}

define spir_func void @helper() {
  ret void
}

declare spir_func void @childA()
declare spir_func void @childB()
declare spir_func void @childD()
declare spir_func void @_Z8__insidev()
declare spir_func void @_Z7outsidev()
declare spir_func float @_Z3sinf(float)
declare float @llvm.fabs.f32(float)

attributes #0 = { "sycl-module-id"="a.cpp" }
