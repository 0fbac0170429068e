; RUN: -split=kernel -device-globals
; RUN: -split=source -device-globals
; RUN: -split=kernel -device-globals -emit-program-metadata
; With program metadata (NVIDIA, AMD), each device global also gets <unique id>@global_id_mapping: its name.
; [SYCL/device globals]: each image lists the device_global variables it holds (DPC++'s
; "sycl-unique-id" and "sycl-device-global-size" attributes) by unique ID, with their
; size and a device_image_scope flag (DPC++'s "sycl-device-image-scope", or the older
; "device_image_scope", without a value or with any value but "false"). @not_dg has a unique ID but no size: not a device global.
; @scoped is used by KB only, so per-kernel images may hold it.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

%"class.sycl::_V1::ext::oneapi::experimental::device_global" = type { ptr addrspace(4) }
%"class.sycl::_V1::ext::oneapi::experimental::device_global.0" = type { i64 }

@counter = internal addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global" zeroinitializer, align 8 #0
@scoped = internal addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global.0" zeroinitializer, align 8 #1
@not_dg = internal addrspace(1) global i32 0, align 4 #2

define spir_kernel void @KA(ptr addrspace(1) %out) #3 {
entry:
  %p = load ptr addrspace(4), ptr addrspace(1) @counter, align 8
  %v = load i32, ptr addrspace(4) %p, align 4
  %w = load i32, ptr addrspace(1) @not_dg, align 4
  %s = add i32 %v, %w
  store i32 %s, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @KB(ptr addrspace(1) %out) #3 {
entry:
  %p = load ptr addrspace(4), ptr addrspace(1) @counter, align 8
  %v = load i32, ptr addrspace(4) %p, align 4
  %x = load i64, ptr addrspace(1) @scoped, align 8
  %t = trunc i64 %x to i32
  %s = add i32 %v, %t
  store i32 %s, ptr addrspace(1) %out, align 4
  ret void
}

attributes #0 = { "sycl-unique-id"="1a2b3c4d5e6f7081____ZL7counter" "device_image_scope"="false" "sycl-device-global-size"="4" }
attributes #1 = { "sycl-unique-id"="8f7e6d5c4b3a2910____ZL6scoped" "sycl-device-image-scope" "sycl-device-global-size"="8" }
attributes #2 = { "sycl-unique-id"="0000000000000000____ZL6not_dg" }
attributes #3 = { "sycl-module-id"="dg.cpp" }
