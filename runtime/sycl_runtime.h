/* A small test runtime for rules_sycl's examples and tests: not a SYCL implementation.
 *
 * It implements __sycl_register_lib/__sycl_unregister_lib for DPC++'s offload descriptor
 * (as written by `sycl-device wrap`), checks an image's [SYCL/device requirements] against
 * the device with DPC++'s kernel_not_supported wording, picks per kernel an image the
 * device can run, and launches it through OpenCL (PoCL here). Errors are return codes and
 * messages (rsycl_last_error); it never aborts the process. */
#ifndef RULES_SYCL_RUNTIME_H
#define RULES_SYCL_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The descriptor layout (LP64) DPC++'s runtime reads. */
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
struct rs_desc { uint16_t version; uint16_t count; const struct rs_image *images;
  const struct rs_entry *host_begin; const struct rs_entry *host_end; };

void __sycl_register_lib(struct rs_desc *desc);
void __sycl_unregister_lib(struct rs_desc *desc);

/* Return codes. */
enum { RSYCL_OK = 0, RSYCL_KERNEL_NOT_SUPPORTED = 1, RSYCL_NO_IMAGE = 2, RSYCL_NO_DEVICE = 3, RSYCL_OPENCL_ERROR = 4 };

/* Runs kernel `name` (its mangled entry name) over `global_size` work-items with the
 * kernel object `args` (the lambda's bytes) as its only argument. */
int rsycl_launch(const char *name, const void *args, size_t args_size, size_t global_size);
/* The message of the last failure ("" after success). */
const char *rsycl_last_error(void);
/* Memory the host and the device share. */
void *rsycl_malloc_shared(size_t bytes);
void rsycl_free(void *p);
/* Number of registered images (for tests). */
size_t rsycl_image_count(void);

#ifdef __cplusplus
}
#endif
#endif
