/* The test runtime's CUDA backend: NVIDIA GPUs through the CUDA driver (libcuda.so.1,
 * loaded at run time: a machine without it has no CUDA devices), running nvptx64 images
 * (cubin or PTX). */
#include <ctype.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rsycl_backend.h"

/* The few driver API types and constants used here (cuda.h is not needed to build). */
typedef int CUresult;
typedef unsigned long long CUdeviceptr;
enum {
  CU_ATTR_MAX_THREADS_PER_BLOCK = 1,
  CU_ATTR_MAX_GRID_DIM_X = 5,
  CU_ATTR_CC_MAJOR = 75,
  CU_ATTR_CC_MINOR = 76,
  CU_ATTR_MANAGED_MEMORY = 83,
  CU_FUNC_ATTR_MAX_THREADS_PER_BLOCK = 0,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  CU_MEM_ATTACH_GLOBAL = 1
};

static struct {
  int tried, usable;
  char note[200]; /* why there are no CUDA devices */
  int driver_version;
  CUresult (*Init)(unsigned);
  CUresult (*DriverGetVersion)(int *);
  CUresult (*DeviceGetCount)(int *);
  CUresult (*DeviceGet)(int *, int);
  CUresult (*DeviceGetName)(char *, int, int);
  CUresult (*DeviceGetAttribute)(int *, int, int);
  CUresult (*DevicePrimaryCtxRetain)(void **, int);
  CUresult (*CtxSetCurrent)(void *);
  CUresult (*CtxSynchronize)(void);
  CUresult (*ModuleLoadDataEx)(void **, const void *, unsigned, int *, void **);
  CUresult (*ModuleGetFunction)(void **, void *, const char *);
  CUresult (*FuncGetAttribute)(int *, int, void *);
  CUresult (*FuncGetParamInfo)(void *, size_t, size_t *, size_t *); /* CUDA 12.4+; optional */
  CUresult (*LaunchKernel)(void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, void *,
                           void **, void **);
  CUresult (*MemAllocManaged)(CUdeviceptr *, size_t, unsigned);
  CUresult (*MemAlloc)(CUdeviceptr *, size_t);
  CUresult (*MemFree)(CUdeviceptr);
  CUresult (*Memcpy)(CUdeviceptr, CUdeviceptr, size_t);
  CUresult (*GetErrorName)(CUresult, const char **);
} cu;

/* What the CUDA backend knows of each of its devices. */
static struct cuda_device {
  int cu_device, cc_major, cc_minor, max_grid_x;
} cuda_devices[RS_MAX_DEVICES];
static size_t ncuda;
static void *cu_ctx;

static const struct cuda_device *cuda_of(const struct rs_device *d) { return d->impl; }

static const char *cu_error(CUresult r) {
  const char *s = NULL;
  if (cu.GetErrorName && cu.GetErrorName(r, &s) == 0 && s) return s;
  static char buf[32];
  snprintf(buf, sizeof buf, "CUDA error %d", r);
  return buf;
}

/* Loads libcuda.so.1 and its entry points; a machine without it has no CUDA devices. */
static void load_cuda(void) {
  if (cu.tried) return;
  cu.tried = 1;
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    snprintf(cu.note, sizeof cu.note, "no CUDA driver (libcuda.so.1 not found)");
    return;
  }
  struct { void **fn; const char *name; int optional; } syms[] = {
    {(void **)&cu.Init, "cuInit", 0},
    {(void **)&cu.DriverGetVersion, "cuDriverGetVersion", 0},
    {(void **)&cu.DeviceGetCount, "cuDeviceGetCount", 0},
    {(void **)&cu.DeviceGet, "cuDeviceGet", 0},
    {(void **)&cu.DeviceGetName, "cuDeviceGetName", 0},
    {(void **)&cu.DeviceGetAttribute, "cuDeviceGetAttribute", 0},
    {(void **)&cu.DevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain", 0},
    {(void **)&cu.CtxSetCurrent, "cuCtxSetCurrent", 0},
    {(void **)&cu.CtxSynchronize, "cuCtxSynchronize", 0},
    {(void **)&cu.ModuleLoadDataEx, "cuModuleLoadDataEx", 0},
    {(void **)&cu.ModuleGetFunction, "cuModuleGetFunction", 0},
    {(void **)&cu.FuncGetAttribute, "cuFuncGetAttribute", 0},
    {(void **)&cu.FuncGetParamInfo, "cuFuncGetParamInfo", 1},
    {(void **)&cu.LaunchKernel, "cuLaunchKernel", 0},
    {(void **)&cu.MemAllocManaged, "cuMemAllocManaged", 0},
    {(void **)&cu.MemAlloc, "cuMemAlloc_v2", 0},
    {(void **)&cu.MemFree, "cuMemFree_v2", 0},
    {(void **)&cu.Memcpy, "cuMemcpy", 0},
    {(void **)&cu.GetErrorName, "cuGetErrorName", 0},
  };
  for (size_t i = 0; i < sizeof syms / sizeof syms[0]; i++) {
    *syms[i].fn = dlsym(lib, syms[i].name);
    if (!*syms[i].fn && !syms[i].optional) {
      snprintf(cu.note, sizeof cu.note, "libcuda.so.1 lacks %s (driver too old)", syms[i].name);
      return;
    }
  }
  CUresult r = cu.Init(0);
  if (r != 0) {
    snprintf(cu.note, sizeof cu.note, "cuInit failed: %s", cu_error(r));
    return;
  }
  cu.DriverGetVersion(&cu.driver_version);
  cu.usable = 1;
}

/* CUDA devices, with their aspects as DPC++'s CUDA backend reports them (docs/GPU.md):
 * gpu; fp64; fp16 from compute capability 5.3; atomic64; USM device and host
 * allocations, shared ones where the device has managed memory; queue profiling, images,
 * bfloat16 math from compute capability 8; sub-group size 32. */
static void enumerate(struct rs_device *devs, size_t *n) {
  load_cuda();
  if (!cu.usable) return;
  int count = 0;
  CUresult r = cu.DeviceGetCount(&count);
  if (r != 0 || count == 0) {
    snprintf(cu.note, sizeof cu.note, r ? "cuDeviceGetCount failed: %s" : "the CUDA driver sees no device",
             cu_error(r));
    return;
  }
  for (int i = 0; i < count && *n < RS_MAX_DEVICES; i++) {
    struct rs_device *d = &devs[*n];
    struct cuda_device *c = &cuda_devices[ncuda];
    memset(d, 0, sizeof *d);
    memset(c, 0, sizeof *c);
    if (cu.DeviceGet(&c->cu_device, i) != 0) continue;
    cu.DeviceGetName(d->name, sizeof d->name - 1, c->cu_device);
    int v = 0;
    cu.DeviceGetAttribute(&c->cc_major, CU_ATTR_CC_MAJOR, c->cu_device);
    cu.DeviceGetAttribute(&c->cc_minor, CU_ATTR_CC_MINOR, c->cu_device);
    cu.DeviceGetAttribute(&v, CU_ATTR_MAX_THREADS_PER_BLOCK, c->cu_device);
    d->max_wg = (size_t)v;
    cu.DeviceGetAttribute(&c->max_grid_x, CU_ATTR_MAX_GRID_DIM_X, c->cu_device);
    v = 0;
    cu.DeviceGetAttribute(&v, CU_ATTR_MANAGED_MEMORY, c->cu_device);
    snprintf(d->platform, sizeof d->platform, "NVIDIA CUDA BACKEND");
    d->backend = &rs_cuda_backend;
    d->impl = c;
    d->index = i;
    d->type = RS_TYPE_GPU;
    static const uint32_t always[] = {RS_ASPECT_GPU, RS_ASPECT_FP64, RS_ASPECT_ATOMIC64, RS_ASPECT_USM_DEVICE_ALLOCATIONS,
                                      RS_ASPECT_USM_HOST_ALLOCATIONS, RS_ASPECT_QUEUE_PROFILING, RS_ASPECT_IMAGE};
    for (size_t k = 0; k < sizeof always / sizeof always[0]; k++) rs_add_aspect(d, always[k]);
    if (c->cc_major * 10 + c->cc_minor >= 53) rs_add_aspect(d, RS_ASPECT_FP16);
    if (v) rs_add_aspect(d, RS_ASPECT_USM_SHARED_ALLOCATIONS);
    if (c->cc_major >= 8) rs_add_aspect(d, RS_ASPECT_EXT_ONEAPI_BFLOAT16_MATH_FUNCTIONS);
    d->sg_sizes[0] = 32;
    d->nsg = 1;
    ncuda++;
    (*n)++;
  }
}

static const char *note(void) { return cu.note; }

/* ---- Images ------------------------------------------------------------------------ */

static int is_cubin(const struct rs_image *img) {
  return img->binary_end - img->binary_start >= 4 && memcmp(img->binary_start, "\177ELF", 4) == 0;
}

/* Parses "sm_XY" (or sm_XYa, sm_XYf) at s into its compute capability (10*X+Y) and
 * whether it is specific to that exact capability ('a'); 0 when s is not one. */
static int parse_sm(const char *s, size_t n, int *exact) {
  if (n < 5 || strncmp(s, "sm_", 3) != 0) return 0;
  int v = 0;
  size_t i = 3;
  for (; i < n && isdigit((unsigned char)s[i]); i++) v = v * 10 + (s[i] - '0');
  if (i == 3) return 0;
  *exact = i < n && s[i] == 'a';
  return v;
}

/* The architecture an NVIDIA image was built for: its compile_target (nvidia_gpu_sm_XY,
 * which the rules' aot step writes), else a PTX image's ".target sm_XY" line; 0 when
 * unknown. */
static int image_sm(const struct rs_image *img, int *exact) {
  *exact = 0;
  const struct rs_prop *p = rs_find_prop(img, "SYCL/device requirements", "compile_target");
  if (p && p->type == RS_PROP_BYTE_ARRAY && p->size >= 8) {
    const char *s = (const char *)p->value + 8;
    size_t n = (size_t)p->size - 8;
    if (n > 11 && strncmp(s, "nvidia_gpu_", 11) == 0) return parse_sm(s + 11, n - 11, exact);
    return 0;
  }
  if (is_cubin(img)) return 0;
  const char *b = (const char *)img->binary_start, *e = (const char *)img->binary_end;
  for (const char *q = b; q + 8 < e; q++) {
    if ((q == b || q[-1] == '\n') && strncmp(q, ".target ", 8) == 0) {
      const char *s = q + 8, *t = s;
      while (t < e && (isalnum((unsigned char)*t) || *t == '_')) t++;
      return parse_sm(s, (size_t)(t - s), exact);
    }
  }
  return 0;
}

int rsycl_cuda_image_score(const struct rs_image *img, int cc_major, int cc_minor) {
  if (strcmp(img->target, "nvptx64") != 0) return 0;
  int exact = 0, sm = image_sm(img, &exact), dev = cc_major * 10 + cc_minor;
  const char *force = getenv("CUDA_FORCE_PTX_JIT");
  if (is_cubin(img)) {
    if (force && strcmp(force, "1") == 0) return 0;
    if (sm == 0) return 2; /* unknown: the driver decides */
    if (sm / 10 != cc_major || (exact ? dev != sm : dev < sm)) return 0;
    return dev == sm ? 4 : 3;
  }
  if (sm == 0) return 1;
  if (exact ? dev != sm : dev < sm) return 0;
  return dev == sm ? 2 : 1;
}

static int fit(const struct rs_image *img, const struct rs_device *d) {
  return rsycl_cuda_image_score(img, cuda_of(d)->cc_major, cuda_of(d)->cc_minor);
}

static void describe_image(const struct rs_image *img, char *buf, size_t n) {
  int exact, sm = image_sm(img, &exact);
  if (sm)
    snprintf(buf, n, "%s for sm_%d", is_cubin(img) ? "cubin" : "PTX", sm);
  else
    snprintf(buf, n, "%s", is_cubin(img) ? "cubin" : "PTX");
}

/* ---- The device -------------------------------------------------------------------- */

static int open_device(struct rs_device *d) {
  CUresult r = cu.DevicePrimaryCtxRetain(&cu_ctx, cuda_of(d)->cu_device);
  if (r == 0) r = cu.CtxSetCurrent(cu_ctx);
  if (r != 0) {
    rs_trace("cuda:%d: no context: %s", d->index, cu_error(r));
    return 0;
  }
  return 1;
}

static void describe(const struct rs_device *d, char *buf, size_t n) {
  snprintf(buf, n, "cuda:%d '%s' (gpu, compute capability %d.%d, CUDA driver %d.%d)", d->index, d->name,
           cuda_of(d)->cc_major, cuda_of(d)->cc_minor, cu.driver_version / 1000, cu.driver_version % 1000 / 10);
}

static void *malloc_shared(const struct rs_device *d, size_t bytes) {
  (void)d;
  CUdeviceptr p = 0;
  if (cu.MemAllocManaged(&p, bytes ? bytes : 1, CU_MEM_ATTACH_GLOBAL) != 0) return NULL;
  memset((void *)(uintptr_t)p, 0, bytes);
  return (void *)(uintptr_t)p;
}

static void *malloc_device(const struct rs_device *d, size_t bytes) {
  (void)d;
  CUdeviceptr p = 0;
  CUresult r = cu.MemAlloc(&p, bytes ? bytes : 1);
  if (r != 0) {
    rs_fail(RSYCL_DEVICE_ERROR, "cuMemAlloc(%zu) failed: %s", bytes, cu_error(r));
    return NULL;
  }
  return (void *)(uintptr_t)p;
}

static int copy(const struct rs_device *d, void *dst, const void *src, size_t bytes) {
  (void)d;
  CUresult r = cu.Memcpy((CUdeviceptr)(uintptr_t)dst, (CUdeviceptr)(uintptr_t)src, bytes);
  return r == 0 ? RSYCL_OK : rs_fail(RSYCL_DEVICE_ERROR, "cuMemcpy(%zu bytes) failed: %s", bytes, cu_error(r));
}

static void release(const struct rs_device *d, void *p) {
  (void)d;
  cu.MemFree((CUdeviceptr)(uintptr_t)p);
}

/* ---- Programs and launches --------------------------------------------------------- */

/* Loads an NVIDIA image: a cubin as it is, PTX (NUL-terminated, as the driver wants it)
 * JIT-compiled for the device. */
static void *load(const struct rs_device *d, const struct rs_image *img, int *code) {
  (void)d;
  void *mod = NULL;
  size_t n = (size_t)(img->binary_end - img->binary_start);
  const void *data = img->binary_start;
  char *text = NULL;
  int cubin = is_cubin(img);
  if (!cubin) {
    text = malloc(n + 1);
    if (!text) {
      *code = rs_fail(RSYCL_DEVICE_ERROR, "out of memory");
      return NULL;
    }
    memcpy(text, img->binary_start, n);
    text[n] = 0;
    data = text;
  }
  char log[2048] = "";
  int opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *vals[] = {log, (void *)(uintptr_t)sizeof log};
  double t0 = rs_now_ms();
  CUresult r = cu.ModuleLoadDataEx(&mod, data, 2, opts, vals);
  double ms = rs_now_ms() - t0;
  free(text);
  if (r != 0) {
    *code = rs_fail(RSYCL_DEVICE_ERROR, "cannot load the %s image on %s: %s%s%s", cubin ? "cubin" : "PTX",
                    rs_current_description(), cu_error(r), log[0] ? ": " : "", log);
    return NULL;
  }
  int exact;
  rs_trace("loaded a %s image (%s) in %.2f ms", cubin ? "cubin" : "PTX",
           image_sm(img, &exact) ? "for its compile_target" : "architecture unknown", ms);
  return mod;
}

/* Launches an NVIDIA kernel. Clang's NVPTX SYCL kernels take the kernel object by value
 * as their one parameter (.param .align A .b8 NAME_param_0[SIZE]): the driver's
 * parameter info (CUDA 12.4+) is checked against the object's size before launching. */
static int launch(const struct rs_device *d, void *mod, const char *name, const void *args, size_t args_size,
                  size_t global_size, size_t local) {
  void *fn = NULL;
  CUresult r = cu.ModuleGetFunction(&fn, mod, name);
  if (r != 0) return rs_fail(RSYCL_DEVICE_ERROR, "cuModuleGetFunction(%s) failed: %s", name, cu_error(r));
  void *params[] = {(void *)args};
  void **kernel_params = params;
  if (cu.FuncGetParamInfo) {
    size_t off = 0, size = 0, off1, size1;
    if (cu.FuncGetParamInfo(fn, 0, &off, &size) != 0) {
      kernel_params = NULL; /* an empty kernel object: no parameter */
    } else {
      int more = cu.FuncGetParamInfo(fn, 1, &off1, &size1) == 0;
      if (size != args_size || more)
        return rs_fail(RSYCL_DEVICE_ERROR,
                       "kernel %s does not take one %zu-byte kernel object (its first parameter has %zu bytes%s)", name,
                       args_size, size, more ? ", and it has more" : "");
    }
  }
  if (global_size == 0) return RSYCL_OK;
  size_t block = local;
  if (!block) {
    /* The largest block that divides the range (no bounds check in the kernel). */
    int fmax = 0;
    cu.FuncGetAttribute(&fmax, CU_FUNC_ATTR_MAX_THREADS_PER_BLOCK, fn);
    size_t maxb = d->max_wg;
    if (fmax > 0 && (size_t)fmax < maxb) maxb = (size_t)fmax;
    block = global_size < maxb ? global_size : maxb;
    while (global_size % block) block--;
  }
  size_t grid = global_size / block;
  if (grid > (size_t)cuda_of(d)->max_grid_x)
    return rs_fail(RSYCL_DEVICE_ERROR, "range %zu needs %zu blocks of %zu; the device takes %d", global_size, grid,
                   block, cuda_of(d)->max_grid_x);
  r = cu.LaunchKernel(fn, (unsigned)grid, 1, 1, (unsigned)block, 1, 1, 0, NULL, kernel_params, NULL);
  if (r == 0) r = cu.CtxSynchronize();
  if (r != 0) return rs_fail(RSYCL_DEVICE_ERROR, "running %s failed: %s", name, cu_error(r));
  return RSYCL_OK;
}

const struct rs_backend rs_cuda_backend = {
  .name = "cuda",
  .enumerate = enumerate,
  .note = note,
  .fit = fit,
  .open = open_device,
  .describe = describe,
  .describe_image = describe_image,
  .malloc_shared = malloc_shared,
  .malloc_device = malloc_device,
  .copy = copy,
  .release = release,
  .load = load,
  .launch = launch,
};
