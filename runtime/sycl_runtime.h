/* A small test runtime for rules_sycl's examples and tests: not a SYCL implementation.
 *
 * It implements __sycl_register_lib/__sycl_unregister_lib for DPC++'s offload descriptor
 * (as written by `sycl-device wrap`), checks an image's [SYCL/device requirements] against
 * the device with DPC++'s kernel_not_supported wording, picks per kernel an image the
 * device can run, and launches it through OpenCL (PoCL here). Errors are return codes and
 * messages (rsycl_last_error); it never aborts the process. */
#ifndef RULES_SYCL_RUNTIME_H
#define RULES_SYCL_RUNTIME_H

#ifdef __cplusplus
extern "C" {
#endif

/* DPC++'s offload descriptor (generated, with the named constants the runtime uses). */
#include "sycl_descriptor.h"

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
/* Number of registered images, and of device programs built and cached (for tests). */
size_t rsycl_image_count(void);
size_t rsycl_program_count(void);
/* The registered descriptors, in registration order (for tests). */
size_t rsycl_desc_count(void);
const struct rs_desc *rsycl_desc(size_t i);

#ifdef __cplusplus
}
#endif
#endif
