/* The test runtime's inside: what its core (sycl_runtime.c: registration, image choice,
 * requirement checks, the device selector) and its backends (backend_cuda.c,
 * backend_opencl.c) share. Not an API: programs include sycl_runtime.h. As Unified
 * Runtime separates its adapters, each backend is a table of operations. */
#ifndef RULES_SYCL_BACKEND_H
#define RULES_SYCL_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "sycl_runtime.h"

#define RS_INTERNAL __attribute__((visibility("hidden")))

enum { RS_TYPE_CPU = 1, RS_TYPE_GPU = 2, RS_TYPE_ACC = 3 };
enum { RS_MAX_DEVICES = 64, RS_MAX_DEVICE_ASPECTS = 32 };

struct rs_backend;

/* A device as the core sees it; the backend fills it in when it enumerates. */
struct rs_device {
  const struct rs_backend *backend;
  int index, type; /* index: the device's number within its backend */
  char name[128], platform[128];
  uint32_t aspects[RS_MAX_DEVICE_ASPECTS]; /* what it has (built-in aspect numbering) */
  size_t naspects;
  size_t max_wg;       /* the largest work-group */
  size_t sg_sizes[16]; /* the sub-group sizes a kernel may require */
  size_t nsg;
  void *impl; /* the backend's own data */
};

/* One backend: a table of operations over its devices. The core calls them only for a
 * device of that backend; d is the current device once one is open. */
struct rs_backend {
  const char *name; /* ONEAPI_DEVICE_SELECTOR's backend name, and rs_target_backends' */
  /* Appends its devices to devs[*n...] (at most RS_MAX_DEVICES in all). */
  void (*enumerate)(struct rs_device *devs, size_t *n);
  /* Why it has no device ("" when it has some), for messages. */
  const char *(*note)(void);
  /* How well d loads img (an image of this backend's targets): 0 not at all, higher is better. */
  int (*fit)(const struct rs_image *img, const struct rs_device *d);
  /* Makes d the current device (context, queue); 1 on success. */
  int (*open)(struct rs_device *d);
  void (*describe)(const struct rs_device *d, char *buf, size_t n);
  /* What kind of image img is, for RSYCL_TRACE ("SPIR", "cubin for sm_90", ...). */
  void (*describe_image)(const struct rs_image *img, char *buf, size_t n);
  void *(*malloc_shared)(const struct rs_device *d, size_t bytes);
  void *(*malloc_device)(const struct rs_device *d, size_t bytes);
  int (*copy)(const struct rs_device *d, void *dst, const void *src, size_t bytes);
  void (*release)(const struct rs_device *d, void *p);
  /* Loads (and builds) img for d; NULL with *code and the error set on failure. */
  void *(*load)(const struct rs_device *d, const struct rs_image *img, int *code);
  /* Runs kernel name of a loaded program over global_size work-items (local: the
   * work-group size, 0 to let the backend choose) with args as its one argument. */
  int (*launch)(const struct rs_device *d, void *program, const char *name, const void *args, size_t args_size,
                size_t global_size, size_t local);
};

RS_INTERNAL extern const struct rs_backend rs_cuda_backend, rs_opencl_backend;

/* Services of the core. */
RS_INTERNAL int rs_fail(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
RS_INTERNAL void rs_trace(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
RS_INTERNAL double rs_now_ms(void);
RS_INTERNAL const struct rs_prop *rs_find_prop(const struct rs_image *img, const char *set, const char *name);
RS_INTERNAL void rs_add_aspect(struct rs_device *d, uint32_t aspect);
RS_INTERNAL const char *rs_current_description(void);

#endif
