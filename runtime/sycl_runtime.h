/* A small test runtime for rules_sycl's examples and tests: not a SYCL implementation.
 *
 * It implements __sycl_register_lib/__sycl_unregister_lib for DPC++'s offload descriptor
 * (as written by `sycl-device wrap`), checks an image's [SYCL/device requirements] against
 * the device with DPC++'s kernel_not_supported wording, picks per kernel an image the
 * device can run, and launches it through one of two backends:
 *   - cuda: NVIDIA GPUs through the CUDA driver (libcuda.so.1, loaded at run time: a
 *     machine without it has no CUDA devices), running nvptx64 images (cubin or PTX);
 *   - opencl: OpenCL devices (PoCL here), running spir64 images.
 * The device is the first one, CUDA devices before OpenCL ones, that can run one of the
 * program's images, among those ONEAPI_DEVICE_SELECTOR selects (DPC++'s syntax:
 * "cuda:*", "opencl:cpu", "cuda:0;opencl:*", "!opencl:*"). RSYCL_TRACE=1 prints the
 * device and each image chosen; CUDA_FORCE_PTX_JIT=1 passes over cubins. Errors are return
 * codes and messages (rsycl_last_error); it never aborts the process. */
#ifndef RULES_SYCL_RUNTIME_H
#define RULES_SYCL_RUNTIME_H

#ifdef __cplusplus
extern "C" {
#endif

/* DPC++'s offload descriptor (generated, with the named constants the runtime uses). */
#include "sycl_descriptor.h"

/* Return codes. */
enum {
  RSYCL_OK = 0,
  RSYCL_KERNEL_NOT_SUPPORTED = 1,
  RSYCL_NO_IMAGE = 2,
  RSYCL_NO_DEVICE = 3,
  RSYCL_DEVICE_ERROR = 4, /* the backend failed (load, build, launch) */
  RSYCL_OPENCL_ERROR = RSYCL_DEVICE_ERROR
};

/* Runs kernel `name` (its mangled entry name) over `global_size` work-items with the
 * kernel object `args` (the lambda's bytes) as its only argument. */
int rsycl_launch(const char *name, const void *args, size_t args_size, size_t global_size);
/* The message of the last failure ("" after success). */
const char *rsycl_last_error(void);
/* Memory the host and the device share (zeroed). */
void *rsycl_malloc_shared(size_t bytes);
/* Memory only the device reads and writes (not zeroed; OpenCL: shared memory). */
void *rsycl_malloc_device(size_t bytes);
/* Copies between host and device memory, either way. */
int rsycl_memcpy(void *dst, const void *src, size_t bytes);
void rsycl_free(void *p);
/* The chosen device, e.g. "cuda:0 'NVIDIA H100 80GB HBM3' (gpu, compute capability 9.0,
 * CUDA driver 13.0)"; "" when there is none (rsycl_last_error says why). */
const char *rsycl_device(void);
/* Number of registered images, and of device programs built and cached (for tests). */
size_t rsycl_image_count(void);
size_t rsycl_program_count(void);
/* The registered descriptors, in registration order (for tests). */
size_t rsycl_desc_count(void);
const struct rs_desc *rsycl_desc(size_t i);
/* For tests: whether ONEAPI_DEVICE_SELECTOR value `selector` selects device `index` of
 * `backend` ("cuda", "opencl") of `type` ("cpu", "gpu", "acc"): 1 or 0, or -1 with the
 * reason in err. */
int rsycl_selector_matches(const char *selector, const char *backend, int index, const char *type, char *err,
                           size_t errn);
/* For tests: how well an image fits an NVIDIA device of compute capability major.minor:
 * 0 it cannot run there; 4 a cubin of that architecture, 3 a cubin of an earlier minor
 * one of the same major; 2 PTX of that architecture, 1 PTX of an earlier one (the driver
 * JIT-compiles it) or of an unknown one. */
int rsycl_cuda_image_score(const struct rs_image *img, int cc_major, int cc_minor);

#ifdef __cplusplus
}
#endif
#endif
