/* DPC++'s offload descriptor layout (LP64), as `sycl-device wrap` writes it.
 * Generated from internal/wrap/descriptor.go; do not edit (a test checks it is current). */
#ifndef RULES_SYCL_DESCRIPTOR_H
#define RULES_SYCL_DESCRIPTOR_H

#include <stddef.h>
#include <stdint.h>

struct rs_entry { void *addr; const char *name; uint64_t size; int32_t flags; int32_t reserved; };
struct rs_prop { const char *name; const void *value; uint32_t type; uint64_t size; };
struct rs_prop_set { const char *name; const struct rs_prop *begin; const struct rs_prop *end; };
struct rs_image {
  uint16_t version; uint8_t kind; uint8_t format;
  const char *target; const char *compile_options; const char *link_options;
  const unsigned char *manifest_start; const unsigned char *manifest_end;
  const unsigned char *binary_start; const unsigned char *binary_end;
  const struct rs_entry *entries_begin; const struct rs_entry *entries_end;
  const struct rs_prop_set *props_begin; const struct rs_prop_set *props_end;
};
/* The same image without the manifest pointers: DPC++ 2026 and later (libsycl.so.9) read
 * this layout, version 3. */
struct rs_image_v3 {
  uint16_t version; uint8_t kind; uint8_t format;
  const char *target; const char *compile_options; const char *link_options;
  const unsigned char *binary_start; const unsigned char *binary_end;
  const struct rs_entry *entries_begin; const struct rs_entry *entries_end;
  const struct rs_prop_set *props_begin; const struct rs_prop_set *props_end;
};
struct rs_desc { uint16_t version; uint16_t count; const struct rs_image *images;
  const struct rs_entry *host_begin; const struct rs_entry *host_end; };

_Static_assert(sizeof(struct rs_entry) == 32, "entry");
_Static_assert(sizeof(struct rs_prop) == 32, "property");
_Static_assert(sizeof(struct rs_prop_set) == 24, "property set");
_Static_assert(sizeof(struct rs_image) == 96, "image");
_Static_assert(sizeof(struct rs_image_v3) == 80, "image without manifest");
_Static_assert(sizeof(struct rs_desc) == 32, "descriptor");

/* Image formats and kind, descriptor versions. */
enum {
  RS_FORMAT_NONE = 0,
  RS_FORMAT_NATIVE = 1,
  RS_FORMAT_SPIRV = 2,
  RS_FORMAT_LLVMIR = 3,
  RS_KIND_SYCL = 4,
  RS_IMAGE_VERSION = 2,
  RS_IMAGE_VERSION_NO_MANIFEST = 3,
  RS_DESC_VERSION = 1
};

/* Property types: a 32-bit value in size, or a byte array (a 64-bit bit count, then
 * the bytes) at value. */
enum { RS_PROP_UINT32 = 1, RS_PROP_BYTE_ARRAY = 2 };

/* DPC++'s aspect values. */
enum {
  RS_ASPECT_HOST = 0,
  RS_ASPECT_CPU = 1,
  RS_ASPECT_GPU = 2,
  RS_ASPECT_ACCELERATOR = 3,
  RS_ASPECT_CUSTOM = 4,
  RS_ASPECT_FP16 = 5,
  RS_ASPECT_FP64 = 6,
  RS_ASPECT_INT64_BASE_ATOMICS = 7,
  RS_ASPECT_INT64_EXTENDED_ATOMICS = 8,
  RS_ASPECT_IMAGE = 9,
  RS_ASPECT_ONLINE_COMPILER = 10,
  RS_ASPECT_ONLINE_LINKER = 11,
  RS_ASPECT_QUEUE_PROFILING = 12,
  RS_ASPECT_USM_DEVICE_ALLOCATIONS = 13,
  RS_ASPECT_USM_HOST_ALLOCATIONS = 14,
  RS_ASPECT_USM_SHARED_ALLOCATIONS = 15,
  RS_ASPECT_USM_RESTRICTED_SHARED_ALLOCATIONS = 16,
  RS_ASPECT_USM_SYSTEM_ALLOCATIONS = 17,
  RS_ASPECT_EXT_INTEL_PCI_ADDRESS = 18,
  RS_ASPECT_EXT_INTEL_GPU_EU_COUNT = 19,
  RS_ASPECT_EXT_INTEL_GPU_EU_SIMD_WIDTH = 20,
  RS_ASPECT_EXT_INTEL_GPU_SLICES = 21,
  RS_ASPECT_EXT_INTEL_GPU_SUBSLICES_PER_SLICE = 22,
  RS_ASPECT_EXT_INTEL_GPU_EU_COUNT_PER_SUBSLICE = 23,
  RS_ASPECT_EXT_INTEL_MAX_MEM_BANDWIDTH = 24,
  RS_ASPECT_EXT_INTEL_MEM_CHANNEL = 25,
  RS_ASPECT_USM_ATOMIC_HOST_ALLOCATIONS = 26,
  RS_ASPECT_USM_ATOMIC_SHARED_ALLOCATIONS = 27,
  RS_ASPECT_ATOMIC64 = 28,
  RS_ASPECT_EXT_INTEL_DEVICE_INFO_UUID = 29,
  RS_ASPECT_EXT_ONEAPI_SRGB = 30,
  RS_ASPECT_EXT_ONEAPI_NATIVE_ASSERT = 31,
  RS_ASPECT_HOST_DEBUGGABLE = 32,
  RS_ASPECT_EXT_INTEL_GPU_HW_THREADS_PER_EU = 33,
  RS_ASPECT_EXT_ONEAPI_CUDA_ASYNC_BARRIER = 34,
  RS_ASPECT_EXT_ONEAPI_BFLOAT16_MATH_FUNCTIONS = 35,
  RS_ASPECT_EXT_INTEL_FREE_MEMORY = 36,
  RS_ASPECT_EXT_INTEL_DEVICE_ID = 37,
  RS_ASPECT_EXT_INTEL_MEMORY_CLOCK_RATE = 38,
  RS_ASPECT_EXT_INTEL_MEMORY_BUS_WIDTH = 39,
  RS_ASPECT_EMULATED = 40,
  RS_ASPECT_EXT_INTEL_LEGACY_IMAGE = 41,
  RS_ASPECT_EXT_ONEAPI_BINDLESS_IMAGES = 42,
  RS_ASPECT_EXT_ONEAPI_BINDLESS_IMAGES_SHARED_USM = 43,
  RS_ASPECT_EXT_ONEAPI_BINDLESS_IMAGES_1D_USM = 44,
  RS_ASPECT_EXT_ONEAPI_BINDLESS_IMAGES_2D_USM = 45,
  RS_ASPECT_EXT_ONEAPI_EXTERNAL_MEMORY_IMPORT = 46,
  RS_ASPECT_EXT_ONEAPI_EXTERNAL_SEMAPHORE_IMPORT = 48,
  RS_ASPECT_EXT_ONEAPI_MIPMAP = 50,
  RS_ASPECT_EXT_ONEAPI_MIPMAP_ANISOTROPY = 51,
  RS_ASPECT_EXT_ONEAPI_MIPMAP_LEVEL_REFERENCE = 52,
  RS_ASPECT_EXT_INTEL_ESIMD = 53,
  RS_ASPECT_EXT_ONEAPI_BALLOT_GROUP = 54,
  RS_ASPECT_EXT_ONEAPI_FIXED_SIZE_GROUP = 55,
  RS_ASPECT_EXT_ONEAPI_OPPORTUNISTIC_GROUP = 56,
  RS_ASPECT_EXT_ONEAPI_TANGLE_GROUP = 57,
  RS_ASPECT_EXT_INTEL_MATRIX = 58,
  RS_ASPECT_EXT_ONEAPI_IS_COMPOSITE = 59,
  RS_ASPECT_EXT_ONEAPI_IS_COMPONENT = 60,
  RS_ASPECT_EXT_ONEAPI_GRAPH = 61,
  RS_ASPECT_EXT_INTEL_FPGA_TASK_SEQUENCE = 62,
  RS_ASPECT_EXT_ONEAPI_LIMITED_GRAPH = 63,
  RS_ASPECT_EXT_ONEAPI_PRIVATE_ALLOCA = 64,
  RS_ASPECT_EXT_ONEAPI_CUBEMAP = 65,
  RS_ASPECT_EXT_ONEAPI_CUBEMAP_SEAMLESS_FILTERING = 66,
  RS_ASPECT_EXT_ONEAPI_BINDLESS_SAMPLED_IMAGE_FETCH_1D_USM = 67,
  RS_ASPECT_EXT_ONEAPI_BINDLESS_SAMPLED_IMAGE_FETCH_1D = 68,
  RS_ASPECT_EXT_ONEAPI_BINDLESS_SAMPLED_IMAGE_FETCH_2D_USM = 69,
  RS_ASPECT_EXT_ONEAPI_BINDLESS_SAMPLED_IMAGE_FETCH_2D = 70,
  RS_ASPECT_EXT_ONEAPI_BINDLESS_SAMPLED_IMAGE_FETCH_3D = 72,
  RS_ASPECT_EXT_ONEAPI_QUEUE_PROFILING_TAG = 73,
  RS_ASPECT_EXT_ONEAPI_VIRTUAL_MEM = 74,
  RS_ASPECT_EXT_ONEAPI_CUDA_CLUSTER_GROUP = 75,
  RS_ASPECT_EXT_ONEAPI_IMAGE_ARRAY = 76,
  RS_ASPECT_EXT_ONEAPI_UNIQUE_ADDRESSING_PER_DIM = 77,
  RS_ASPECT_EXT_ONEAPI_BINDLESS_IMAGES_SAMPLE_1D_USM = 78,
  RS_ASPECT_EXT_ONEAPI_BINDLESS_IMAGES_SAMPLE_2D_USM = 79,
  RS_ASPECT_EXT_ONEAPI_ATOMIC16 = 80,
  RS_ASPECT_EXT_ONEAPI_VIRTUAL_FUNCTIONS = 81
};

void __sycl_register_lib(struct rs_desc *desc);
void __sycl_unregister_lib(struct rs_desc *desc);

#endif
