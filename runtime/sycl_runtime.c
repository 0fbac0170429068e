/* rules_sycl's test runtime: see sycl_runtime.h. */
#define CL_TARGET_OPENCL_VERSION 300
#include "sycl_runtime.h"

#include <CL/cl.h>
#include <ctype.h>
#include <dlfcn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* ---- Registration and errors ------------------------------------------------------ */

/* Registered descriptors and loaded programs: tables that grow as needed. */
static struct rs_desc **descs;
static size_t ndescs, cap_descs;
static char last_error[1024];

/* Makes room for one more element in a table of *cap elements of size elem; a failed
 * allocation ends the process with a message (registration has no error path). */
static void grow(void **table, size_t *cap, size_t n, size_t elem) {
  if (n < *cap) return;
  size_t c = *cap ? 2 * *cap : 16;
  void *t = realloc(*table, c * elem);
  if (!t) {
    fprintf(stderr, "rules_sycl runtime: out of memory growing a table to %zu entries\n", c);
    abort();
  }
  *table = t;
  *cap = c;
}

static int fail(int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(last_error, sizeof last_error, fmt, ap);
  va_end(ap);
  return code;
}

/* RSYCL_TRACE=1: what the runtime chose, on stderr. */
static void trace(const char *fmt, ...) {
  static int on = -1;
  if (on < 0) {
    const char *t = getenv("RSYCL_TRACE");
    on = t && *t && strcmp(t, "0") != 0;
  }
  if (!on) return;
  va_list ap;
  va_start(ap, fmt);
  fputs("rsycl: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

const char *rsycl_last_error(void) { return last_error; }

void __sycl_register_lib(struct rs_desc *desc) {
  grow((void **)&descs, &cap_descs, ndescs, sizeof *descs);
  descs[ndescs++] = desc;
}

void __sycl_unregister_lib(struct rs_desc *desc) {
  for (size_t i = 0; i < ndescs; i++)
    if (descs[i] == desc) {
      descs[i] = descs[--ndescs];
      return;
    }
}

size_t rsycl_desc_count(void) { return ndescs; }
const struct rs_desc *rsycl_desc(size_t i) { return i < ndescs ? descs[i] : NULL; }

size_t rsycl_image_count(void) {
  size_t n = 0;
  for (size_t i = 0; i < ndescs; i++) n += descs[i]->count;
  return n;
}

static const struct rs_prop *find_prop(const struct rs_image *img, const char *set, const char *name) {
  for (const struct rs_prop_set *s = img->props_begin; s && s < img->props_end; s++) {
    if (strcmp(s->name, set) != 0) continue;
    for (const struct rs_prop *p = s->begin; p < s->end; p++)
      if (strcmp(p->name, name) == 0) return p;
  }
  return NULL;
}

static int has_entry(const struct rs_image *img, const char *name) {
  for (const struct rs_entry *e = img->entries_begin; e && e < img->entries_end; e++)
    if (strcmp(e->name, name) == 0) return 1;
  return 0;
}

/* ---- The CUDA driver, loaded at run time ------------------------------------------- */

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

/* ---- Devices and their aspects ----------------------------------------------------- */

enum { BACKEND_CUDA = 1, BACKEND_OPENCL = 2 };
enum { TYPE_CPU = 1, TYPE_GPU = 2, TYPE_ACC = 3 };

struct device {
  int backend, index, type; /* index: the device's number within its backend */
  char name[128], platform[128];
  int fp64, fp16, atomic64, usm_shared;
  size_t max_wg;
  size_t sg_sizes[16]; /* the sub-group sizes a kernel may require */
  size_t nsg;
  /* OpenCL */
  cl_platform_id cl_platform;
  cl_device_id cl_device;
  int il, svm_fine;
  /* CUDA */
  int cu_device, cc_major, cc_minor, max_grid_x;
};

#define MAX_DEVICES 64
static struct device devices[MAX_DEVICES];
static size_t ndevices;
static int enumerated;
static char ocl_note[200];

static const char *backend_name(int b) { return b == BACKEND_CUDA ? "cuda" : "opencl"; }
static const char *type_name(int t) { return t == TYPE_CPU ? "cpu" : t == TYPE_GPU ? "gpu" : "acc"; }

static int has_ext(const char *exts, const char *name) {
  size_t n = strlen(name);
  for (const char *p = exts; (p = strstr(p, name)); p += n)
    if ((p == exts || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0)) return 1;
  return 0;
}

/* CUDA devices, with their aspects as DPC++'s CUDA backend reports them (docs/GPU.md):
 * gpu; fp64; fp16 from compute capability 5.3; atomic64; USM device and host
 * allocations, shared ones where the device has managed memory; sub-group size 32. */
static void enumerate_cuda(void) {
  load_cuda();
  if (!cu.usable) return;
  int n = 0;
  CUresult r = cu.DeviceGetCount(&n);
  if (r != 0 || n == 0) {
    snprintf(cu.note, sizeof cu.note, r ? "cuDeviceGetCount failed: %s" : "the CUDA driver sees no device",
             cu_error(r));
    return;
  }
  for (int i = 0; i < n && ndevices < MAX_DEVICES; i++) {
    struct device *d = &devices[ndevices];
    memset(d, 0, sizeof *d);
    if (cu.DeviceGet(&d->cu_device, i) != 0) continue;
    cu.DeviceGetName(d->name, sizeof d->name - 1, d->cu_device);
    int v = 0;
    cu.DeviceGetAttribute(&d->cc_major, CU_ATTR_CC_MAJOR, d->cu_device);
    cu.DeviceGetAttribute(&d->cc_minor, CU_ATTR_CC_MINOR, d->cu_device);
    cu.DeviceGetAttribute(&v, CU_ATTR_MAX_THREADS_PER_BLOCK, d->cu_device);
    d->max_wg = (size_t)v;
    cu.DeviceGetAttribute(&d->max_grid_x, CU_ATTR_MAX_GRID_DIM_X, d->cu_device);
    v = 0;
    cu.DeviceGetAttribute(&v, CU_ATTR_MANAGED_MEMORY, d->cu_device);
    d->usm_shared = v != 0;
    snprintf(d->platform, sizeof d->platform, "NVIDIA CUDA BACKEND");
    d->backend = BACKEND_CUDA;
    d->index = i;
    d->type = TYPE_GPU;
    d->fp64 = 1;
    d->fp16 = d->cc_major * 10 + d->cc_minor >= 53;
    d->atomic64 = 1;
    d->sg_sizes[0] = 32;
    d->nsg = 1;
    ndevices++;
  }
}

/* Reads the capabilities of OpenCL device dv of platform p. */
static void probe_opencl(struct device *d, cl_platform_id p, cl_device_id dv) {
  char exts[8192] = "";
  d->backend = BACKEND_OPENCL;
  d->cl_platform = p;
  d->cl_device = dv;
  clGetDeviceInfo(dv, CL_DEVICE_NAME, sizeof d->name - 1, d->name, NULL);
  clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof d->platform - 1, d->platform, NULL);
  cl_device_type t = 0;
  clGetDeviceInfo(dv, CL_DEVICE_TYPE, sizeof t, &t, NULL);
  d->type = (t & CL_DEVICE_TYPE_GPU) ? TYPE_GPU : (t & CL_DEVICE_TYPE_ACCELERATOR) ? TYPE_ACC : TYPE_CPU;
  clGetDeviceInfo(dv, CL_DEVICE_EXTENSIONS, sizeof exts - 1, exts, NULL);
  d->fp64 = has_ext(exts, "cl_khr_fp64");
  d->fp16 = has_ext(exts, "cl_khr_fp16");
  d->il = has_ext(exts, "cl_khr_il_program");
  /* PoCL reports 64-bit atomics, but its SPIR path cannot build them on generic
   * pointers (see pocl_cpu in devices.yaml): the device cannot run atomic64 images. */
  d->atomic64 = has_ext(exts, "cl_khr_int64_base_atomics") && !strstr(d->platform, "Portable Computing Language");
  clGetDeviceInfo(dv, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof d->max_wg, &d->max_wg, NULL);
  /* The sub-group sizes the device supports (CL_DEVICE_SUB_GROUP_SIZES_INTEL); a device
   * without the query has none a kernel may require. */
  size_t sg_bytes = 0;
  if (clGetDeviceInfo(dv, 0x4108 /* CL_DEVICE_SUB_GROUP_SIZES_INTEL */, sizeof d->sg_sizes, d->sg_sizes, &sg_bytes) ==
      CL_SUCCESS)
    d->nsg = sg_bytes / sizeof d->sg_sizes[0];
  cl_device_svm_capabilities svm = 0;
  clGetDeviceInfo(dv, CL_DEVICE_SVM_CAPABILITIES, sizeof svm, &svm, NULL);
  d->svm_fine = (svm & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) != 0;
  d->usm_shared = d->svm_fine;
}

/* OpenCL devices in platform order; an ICD registered without a device (Intel's, where
 * there is no Intel GPU) adds none. */
static void enumerate_opencl(void) {
  cl_platform_id platforms[16];
  cl_uint np = 0;
  if (clGetPlatformIDs(16, platforms, &np) != CL_SUCCESS) np = 0;
  if (np == 0) snprintf(ocl_note, sizeof ocl_note, "no OpenCL platform (is an ICD such as pocl-opencl-icd installed?)");
  int index = 0;
  for (cl_uint p = 0; p < np && p < 16; p++) {
    cl_device_id ids[16];
    cl_uint nd = 0;
    if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 16, ids, &nd) != CL_SUCCESS) nd = 0;
    for (cl_uint i = 0; i < nd && i < 16 && ndevices < MAX_DEVICES; i++) {
      struct device *d = &devices[ndevices++];
      memset(d, 0, sizeof *d);
      probe_opencl(d, platforms[p], ids[i]);
      d->index = index++;
    }
  }
}

/* The backend order of the default choice: CUDA devices, then OpenCL ones. */
static void enumerate(void) {
  if (enumerated) return;
  enumerated = 1;
  enumerate_cuda();
  enumerate_opencl();
}

/* ---- ONEAPI_DEVICE_SELECTOR ------------------------------------------------------- */

/* Compares [s, s+n) with word, ignoring case. */
static int word_is(const char *s, size_t n, const char *word) {
  return strlen(word) == n && strncasecmp(s, word, n) == 0;
}

/* Does one device spec ("*", "cpu", "gpu", "fpga", "acc", or a number) of a term
 * match? Returns 1/0, or -1 with err set. */
static int spec_matches(const char *s, size_t n, int index, const char *type, char *err, size_t errn) {
  if (word_is(s, n, "*")) return 1;
  if (word_is(s, n, "cpu") || word_is(s, n, "gpu")) return strncasecmp(s, type, 3) == 0;
  if (word_is(s, n, "fpga") || word_is(s, n, "acc")) return strcmp(type, "acc") == 0;
  size_t i = 0;
  while (i < n && isdigit((unsigned char)s[i])) i++;
  if (i > 0 && i == n) return atoi(s) == index;
  if (i > 0 && i < n && s[i] == '.') {
    snprintf(err, errn, "\"%.*s\" names a sub-device, which rsycl does not support", (int)n, s);
    return -1;
  }
  snprintf(err, errn, "\"%.*s\" is not a device (write *, cpu, gpu, fpga or a device number)", (int)n, s);
  return -1;
}

int rsycl_selector_matches(const char *selector, const char *backend, int index, const char *type, char *err,
                           size_t errn) {
  int positive_terms = 0, selected = 0, discarded = 0;
  const char *p = selector;
  while (*p) {
    const char *end = strchr(p, ';');
    if (!end) end = p + strlen(p);
    while (p < end && isspace((unsigned char)*p)) p++;
    const char *term_end = end;
    while (term_end > p && isspace((unsigned char)term_end[-1])) term_end--;
    if (p == term_end) {
      p = *end ? end + 1 : end;
      continue;
    }
    int negative = *p == '!';
    if (negative) p++;
    const char *colon = memchr(p, ':', (size_t)(term_end - p));
    if (!colon) {
      snprintf(err, errn, "term \"%.*s\" has no backend (write backend:devices, e.g. cuda:0 or opencl:cpu)",
               (int)(term_end - p), p);
      return -1;
    }
    size_t bn = (size_t)(colon - p);
    int known = word_is(p, bn, "*") || word_is(p, bn, "cuda") || word_is(p, bn, "opencl") ||
                word_is(p, bn, "level_zero") || word_is(p, bn, "hip") || word_is(p, bn, "native_cpu");
    if (!known) {
      snprintf(err, errn, "unknown backend \"%.*s\" (known: cuda, opencl, level_zero, hip, native_cpu, *)", (int)bn, p);
      return -1;
    }
    int backend_ok = word_is(p, bn, "*") || word_is(p, bn, backend);
    int match = 0;
    const char *q = colon + 1;
    if (q == term_end) {
      snprintf(err, errn, "term \"%.*s\" names no device", (int)(term_end - p), p);
      return -1;
    }
    while (q <= term_end) {
      const char *comma = memchr(q, ',', (size_t)(term_end - q));
      const char *spec_end = comma ? comma : term_end;
      const char *a = q, *b = spec_end;
      while (a < b && isspace((unsigned char)*a)) a++;
      while (b > a && isspace((unsigned char)b[-1])) b--;
      if (a == b) {
        snprintf(err, errn, "term \"%.*s\" has an empty device", (int)(term_end - p), p);
        return -1;
      }
      int m = spec_matches(a, (size_t)(b - a), index, type, err, errn);
      if (m < 0) return -1;
      match |= m;
      if (!comma) break;
      q = comma + 1;
    }
    if (negative) discarded |= backend_ok && match;
    else {
      positive_terms++;
      selected |= backend_ok && match;
    }
    p = *end ? end + 1 : end;
  }
  if (positive_terms == 0) selected = 1; /* only discarding terms: from every device */
  return selected && !discarded;
}

/* ---- Images ------------------------------------------------------------------------ */

/* The image's required work-group size (reqd_work_group_size_uint64_t, SPIR-V order) in
 * d, missing dimensions 1; returns its number of dimensions, 0 without one. */
static size_t reqd_work_group_size(const struct rs_image *img, uint64_t d[3]) {
  const struct rs_prop *p = find_prop(img, "SYCL/device requirements", "reqd_work_group_size_uint64_t");
  d[0] = d[1] = d[2] = 1;
  if (!p || p->type != RS_PROP_BYTE_ARRAY || p->size < 8) return 0;
  size_t n = (p->size - 8) / 8;
  for (size_t i = 0; i < n && i < 3; i++) memcpy(&d[i], (const unsigned char *)p->value + 8 + 8 * i, 8);
  return n;
}

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
  const struct rs_prop *p = find_prop(img, "SYCL/device requirements", "compile_target");
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

/* ---- The chosen device ------------------------------------------------------------- */

static struct device *cur;
static int init_failed;
static char init_failure[700];
static char cur_description[300];
static cl_context cl_ctx;
static cl_command_queue cl_queue;
static void *cu_ctx;

/* Names of the aspects the messages below name. */
static const struct { uint32_t value; const char *name; } aspect_names[] = {
  {RS_ASPECT_HOST, "host"}, {RS_ASPECT_CPU, "cpu"}, {RS_ASPECT_GPU, "gpu"},
  {RS_ASPECT_ACCELERATOR, "accelerator"}, {RS_ASPECT_CUSTOM, "custom"}, {RS_ASPECT_FP16, "fp16"},
  {RS_ASPECT_FP64, "fp64"}, {RS_ASPECT_IMAGE, "image"}, {RS_ASPECT_QUEUE_PROFILING, "queue_profiling"},
  {RS_ASPECT_USM_DEVICE_ALLOCATIONS, "usm_device_allocations"},
  {RS_ASPECT_USM_HOST_ALLOCATIONS, "usm_host_allocations"},
  {RS_ASPECT_USM_SHARED_ALLOCATIONS, "usm_shared_allocations"}, {RS_ASPECT_ATOMIC64, "atomic64"},
  {RS_ASPECT_EXT_INTEL_ESIMD, "ext_intel_esimd"},
  {RS_ASPECT_EXT_ONEAPI_BFLOAT16_MATH_FUNCTIONS, "ext_oneapi_bfloat16_math_functions"},
};

static const char *aspect_name(uint32_t v, char *buf, size_t n) {
  for (size_t i = 0; i < sizeof aspect_names / sizeof aspect_names[0]; i++)
    if (aspect_names[i].value == v) return aspect_names[i].name;
  snprintf(buf, n, "%u", v);
  return buf;
}

static int device_has(const struct device *d, uint32_t aspect) {
  switch (aspect) {
  case RS_ASPECT_CPU: return d->type == TYPE_CPU;
  case RS_ASPECT_GPU: return d->type == TYPE_GPU;
  case RS_ASPECT_ACCELERATOR: return d->type == TYPE_ACC;
  case RS_ASPECT_FP16: return d->fp16;
  case RS_ASPECT_FP64: return d->fp64;
  case RS_ASPECT_ATOMIC64: return d->atomic64;
  case RS_ASPECT_USM_SHARED_ALLOCATIONS: return d->usm_shared;
  case RS_ASPECT_USM_DEVICE_ALLOCATIONS:
  case RS_ASPECT_USM_HOST_ALLOCATIONS: return d->backend == BACKEND_CUDA || d->svm_fine;
  case RS_ASPECT_QUEUE_PROFILING:
  case RS_ASPECT_IMAGE: return d->backend == BACKEND_CUDA;
  case RS_ASPECT_EXT_ONEAPI_BFLOAT16_MATH_FUNCTIONS:
    return d->backend == BACKEND_CUDA && d->cc_major >= 8;
  default: return 0;
  }
}

/* Checks [SYCL/device requirements] against device d, in DPC++'s runtime wording. */
static int check_requirements(const struct rs_image *img, const struct device *d) {
  const struct rs_prop *p = find_prop(img, "SYCL/device requirements", "aspects");
  if (p && p->type == RS_PROP_BYTE_ARRAY && p->size >= 8) {
    const unsigned char *v = p->value;
    size_t n = (p->size - 8) / 4;
    for (size_t i = 0; i < n; i++) {
      uint32_t a;
      memcpy(&a, v + 8 + 4 * i, 4);
      if (!device_has(d, a)) {
        char buf[16];
        return fail(RSYCL_KERNEL_NOT_SUPPORTED, "Required aspect %s is not supported on the device",
                    aspect_name(a, buf, sizeof buf));
      }
    }
  }
  /* A JIT image variant of device_if (rsycl/device_if): its branches were resolved for
   * devices with exactly the "has" aspects of those its conditions test. */
  for (int want = 1; want >= 0; want--) {
    p = find_prop(img, "rsycl/device_if", want ? "has" : "lacks");
    if (!p || p->type != RS_PROP_BYTE_ARRAY || p->size < 8) continue;
    const unsigned char *v = p->value;
    size_t n = (p->size - 8) / 4;
    for (size_t i = 0; i < n; i++) {
      uint32_t a;
      memcpy(&a, v + 8 + 4 * i, 4);
      if (!!device_has(d, a) != want) {
        char buf[16];
        return fail(RSYCL_KERNEL_NOT_SUPPORTED, "the image's device_if branches are for devices %s aspect %s",
                    want ? "with" : "without", aspect_name(a, buf, sizeof buf));
      }
    }
  }
  p = find_prop(img, "SYCL/device requirements", "reqd_sub_group_size");
  if (p && p->type == RS_PROP_UINT32) {
    int ok = 0;
    for (size_t i = 0; i < d->nsg; i++) ok |= d->sg_sizes[i] == (size_t)p->size;
    if (!ok)
      return fail(RSYCL_KERNEL_NOT_SUPPORTED, "Sub-group size %u is not supported on the device", (unsigned)p->size);
  }
  uint64_t w[3];
  if (reqd_work_group_size(img, w)) {
    uint64_t total = w[0] * w[1] * w[2];
    if (total > d->max_wg)
      return fail(RSYCL_KERNEL_NOT_SUPPORTED, "Required work-group size %llu is not supported on the device",
                  (unsigned long long)total);
  }
  return RSYCL_OK;
}

/* How well device d can consume the image: 0 not at all, higher is better. OpenCL: 1 for
 * spir64 images, SPIR 1.2 bitcode always (PoCL's cl_khr_spir), SPIR-V with
 * cl_khr_il_program. CUDA: rsycl_cuda_image_score for nvptx64 images. */
static int fit(const struct rs_image *img, const struct device *d) {
  if (d->backend == BACKEND_CUDA) return rsycl_cuda_image_score(img, d->cc_major, d->cc_minor);
  if (strcmp(img->target, "spir64") != 0) return 0;
  return img->format == RS_FORMAT_LLVMIR || (img->format == RS_FORMAT_SPIRV && d->il);
}

/* The images of device d's family: spir64 for OpenCL, nvptx64 for CUDA. */
static int of_family(const struct rs_image *img, const struct device *d) {
  return strcmp(img->target, d->backend == BACKEND_CUDA ? "nvptx64" : "spir64") == 0;
}

/* Whether device d can run at least one registered image (any, when none is registered). */
static int some_image_fits(const struct device *d) {
  size_t seen = 0;
  for (size_t i = 0; i < ndescs; i++)
    for (uint16_t j = 0; j < descs[i]->count; j++) {
      const struct rs_image *img = &descs[i]->images[j];
      seen++;
      if (fit(img, d) && check_requirements(img, d) == RSYCL_OK) return 1;
    }
  return seen == 0;
}

static void describe(const struct device *d, char *buf, size_t n) {
  if (d->backend == BACKEND_CUDA)
    snprintf(buf, n, "cuda:%d '%s' (gpu, compute capability %d.%d, CUDA driver %d.%d)", d->index, d->name, d->cc_major,
             d->cc_minor, cu.driver_version / 1000, cu.driver_version % 1000 / 10);
  else
    snprintf(buf, n, "opencl:%d '%s' (%s, %s)", d->index, d->name, type_name(d->type), d->platform);
}

/* Creates the context (and queue) of device d. */
static int open_device(struct device *d) {
  if (d->backend == BACKEND_CUDA) {
    CUresult r = cu.DevicePrimaryCtxRetain(&cu_ctx, d->cu_device);
    if (r == 0) r = cu.CtxSetCurrent(cu_ctx);
    if (r != 0) {
      trace("cuda:%d: no context: %s", d->index, cu_error(r));
      return 0;
    }
  } else {
    cl_int err;
    cl_ctx = clCreateContext(NULL, 1, &d->cl_device, NULL, NULL, &err);
    if (err != CL_SUCCESS) return 0;
    cl_queue = clCreateCommandQueueWithProperties(cl_ctx, d->cl_device, NULL, &err);
    if (err != CL_SUCCESS) {
      clReleaseContext(cl_ctx);
      return 0;
    }
  }
  cur = d;
  describe(d, cur_description, sizeof cur_description);
  trace("device %s", cur_description);
  last_error[0] = 0;
  return 1;
}

/* Lists the devices there are, for messages. */
static void list_devices(char *buf, size_t n) {
  size_t used = 0;
  buf[0] = 0;
  for (size_t i = 0; i < ndevices && used < n; i++) {
    char one[300];
    describe(&devices[i], one, sizeof one);
    used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? ", " : "", one);
  }
  if (ndevices == 0) snprintf(buf, n, "none");
}

/* Picks the device: among those ONEAPI_DEVICE_SELECTOR selects (every device when it is
 * unset), in backend order (CUDA, then OpenCL), the first that can run one of the
 * program's images. When none can, the first selected device is used, so that each
 * launch says why (DPC++'s kernel_not_supported messages). */
static int init_device(void) {
  if (cur) return RSYCL_OK;
  if (init_failed) return fail(RSYCL_NO_DEVICE, "%s", init_failure);
  enumerate();
  const char *sel = getenv("ONEAPI_DEVICE_SELECTOR");
  struct device *chosen[MAX_DEVICES];
  size_t n = 0;
  for (size_t i = 0; i < ndevices; i++) {
    struct device *d = &devices[i];
    if (sel) {
      char err[200];
      int m = rsycl_selector_matches(sel, backend_name(d->backend), d->index, type_name(d->type), err, sizeof err);
      if (m < 0) {
        init_failed = 1;
        snprintf(init_failure, sizeof init_failure, "ONEAPI_DEVICE_SELECTOR=%s: %s", sel, err);
        return fail(RSYCL_NO_DEVICE, "%s", init_failure);
      }
      if (!m) continue;
    }
    chosen[n++] = d;
  }
  for (size_t i = 0; i < n; i++)
    if (some_image_fits(chosen[i]) && open_device(chosen[i])) return RSYCL_OK;
  for (size_t i = 0; i < n; i++)
    if (open_device(chosen[i])) return RSYCL_OK;
  init_failed = 1;
  char all[500];
  list_devices(all, sizeof all);
  if (sel && ndevices > 0)
    snprintf(init_failure, sizeof init_failure, "ONEAPI_DEVICE_SELECTOR=%s matches no device; devices here: %s", sel,
             all);
  else if (ndevices > 0)
    snprintf(init_failure, sizeof init_failure, "no device could be opened; devices here: %s", all);
  else
    snprintf(init_failure, sizeof init_failure, "no device: %s; %s", cu.note[0] ? cu.note : "no CUDA device",
             ocl_note[0] ? ocl_note : "no OpenCL device");
  return fail(RSYCL_NO_DEVICE, "%s", init_failure);
}

const char *rsycl_device(void) { return init_device() == RSYCL_OK ? cur_description : ""; }

/* ---- Memory ------------------------------------------------------------------------ */

void *rsycl_malloc_shared(size_t bytes) {
  if (init_device() != RSYCL_OK) return calloc(1, bytes);
  if (cur->backend == BACKEND_CUDA) {
    CUdeviceptr p = 0;
    if (cu.MemAllocManaged(&p, bytes ? bytes : 1, CU_MEM_ATTACH_GLOBAL) != 0) return NULL;
    memset((void *)(uintptr_t)p, 0, bytes);
    return (void *)(uintptr_t)p;
  }
  if (!cur->svm_fine) return calloc(1, bytes);
  void *p = clSVMAlloc(cl_ctx, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER, bytes, 0);
  if (p) memset(p, 0, bytes);
  return p;
}

void *rsycl_malloc_device(size_t bytes) {
  if (init_device() == RSYCL_OK && cur->backend == BACKEND_CUDA) {
    CUdeviceptr p = 0;
    CUresult r = cu.MemAlloc(&p, bytes ? bytes : 1);
    if (r != 0) {
      fail(RSYCL_DEVICE_ERROR, "cuMemAlloc(%zu) failed: %s", bytes, cu_error(r));
      return NULL;
    }
    return (void *)(uintptr_t)p;
  }
  return rsycl_malloc_shared(bytes);
}

int rsycl_memcpy(void *dst, const void *src, size_t bytes) {
  if (cur && cur->backend == BACKEND_CUDA) {
    CUresult r = cu.Memcpy((CUdeviceptr)(uintptr_t)dst, (CUdeviceptr)(uintptr_t)src, bytes);
    return r == 0 ? RSYCL_OK : fail(RSYCL_DEVICE_ERROR, "cuMemcpy(%zu bytes) failed: %s", bytes, cu_error(r));
  }
  memcpy(dst, src, bytes);
  return RSYCL_OK;
}

void rsycl_free(void *p) {
  if (!p) return;
  if (cur && cur->backend == BACKEND_CUDA) cu.MemFree((CUdeviceptr)(uintptr_t)p);
  else if (cur && cur->svm_fine) clSVMFree(cl_ctx, p);
  else free(p);
}

/* ---- Programs ---------------------------------------------------------------------- */

/* Loaded programs: a cl_program (OpenCL) or a CUmodule (CUDA) per image. */
static struct program { const struct rs_image *image; void *handle; } *programs;
static size_t nprograms, cap_programs;

size_t rsycl_program_count(void) { return nprograms; }

static void remember(const struct rs_image *img, void *handle) {
  grow((void **)&programs, &cap_programs, nprograms, sizeof *programs);
  programs[nprograms].image = img;
  programs[nprograms++].handle = handle;
}

static void *cached_program(const struct rs_image *img) {
  for (size_t i = 0; i < nprograms; i++)
    if (programs[i].image == img) return programs[i].handle;
  return NULL;
}

static cl_program opencl_program(const struct rs_image *img, int *code) {
  cl_program prog = cached_program(img);
  if (prog) return prog;
  cl_int err, st;
  size_t n = (size_t)(img->binary_end - img->binary_start);
  const char *opts = "";
  if (img->format == RS_FORMAT_LLVMIR) {
    const unsigned char *bins[] = {img->binary_start};
    prog = clCreateProgramWithBinary(cl_ctx, 1, &cur->cl_device, &n, bins, &st, &err);
    opts = "-x spir -spir-std=1.2";
  } else {
    prog = clCreateProgramWithIL(cl_ctx, img->binary_start, n, &err);
  }
  if (err != CL_SUCCESS) {
    *code = fail(RSYCL_DEVICE_ERROR, "cannot load the device image: OpenCL error %d", err);
    return NULL;
  }
  if ((err = clBuildProgram(prog, 1, &cur->cl_device, opts, NULL, NULL)) != CL_SUCCESS) {
    char log[300] = "";
    clGetProgramBuildInfo(prog, cur->cl_device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
    *code = fail(RSYCL_DEVICE_ERROR, "cannot build the device image (error %d): %s", err, log);
    return NULL;
  }
  remember(img, prog);
  return prog;
}

/* Loads an NVIDIA image: a cubin as it is, PTX (NUL-terminated, as the driver wants it)
 * JIT-compiled for the device. */
static void *cuda_module(const struct rs_image *img, int *code) {
  void *mod = cached_program(img);
  if (mod) return mod;
  size_t n = (size_t)(img->binary_end - img->binary_start);
  const void *data = img->binary_start;
  char *text = NULL;
  int cubin = is_cubin(img);
  if (!cubin) {
    text = malloc(n + 1);
    if (!text) {
      *code = fail(RSYCL_DEVICE_ERROR, "out of memory");
      return NULL;
    }
    memcpy(text, img->binary_start, n);
    text[n] = 0;
    data = text;
  }
  char log[2048] = "";
  int opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *vals[] = {log, (void *)(uintptr_t)sizeof log};
  double t0 = now_ms();
  CUresult r = cu.ModuleLoadDataEx(&mod, data, 2, opts, vals);
  double ms = now_ms() - t0;
  free(text);
  if (r != 0) {
    *code = fail(RSYCL_DEVICE_ERROR, "cannot load the %s image on %s: %s%s%s", cubin ? "cubin" : "PTX", cur_description,
                 cu_error(r), log[0] ? ": " : "", log);
    return NULL;
  }
  int exact;
  trace("loaded a %s image (%s) in %.2f ms", cubin ? "cubin" : "PTX",
        image_sm(img, &exact) ? "for its compile_target" : "architecture unknown", ms);
  remember(img, mod);
  return mod;
}

/* ---- Launch ------------------------------------------------------------------------ */

/* The local size a launch of img must use: its required work-group size (one
 * dimension; the launch is one-dimensional), or 0 to let the runtime choose. */
static int required_local_size(const struct rs_image *img, const char *name, size_t global_size, size_t *local) {
  uint64_t d[3];
  *local = 0;
  size_t n = reqd_work_group_size(img, d);
  if (n == 0) return RSYCL_OK;
  /* The values are in SPIR-V order (reversed): the first is the fastest dimension. */
  if (d[1] != 1 || d[2] != 1)
    return fail(RSYCL_KERNEL_NOT_SUPPORTED, "kernel %s requires a %zu-dimensional work-group; rsycl launches over one dimension",
                name, n);
  if (d[0] == 0 || global_size % d[0] != 0)
    return fail(RSYCL_KERNEL_NOT_SUPPORTED,
                "Global size %zu is not a multiple of the required work-group size %llu of kernel %s", global_size,
                (unsigned long long)d[0], name);
  *local = (size_t)d[0];
  return RSYCL_OK;
}

static int opencl_launch(const struct rs_image *img, const char *name, const void *args, size_t args_size,
                         size_t global_size, size_t local) {
  int code;
  cl_program prog = opencl_program(img, &code);
  if (!prog) return code;
  cl_int err;
  cl_kernel k = clCreateKernel(prog, name, &err);
  if (err != CL_SUCCESS) return fail(RSYCL_DEVICE_ERROR, "clCreateKernel(%s) failed: %d", name, err);
  if ((err = clSetKernelArg(k, 0, args_size, args)) != CL_SUCCESS) {
    clReleaseKernel(k);
    return fail(RSYCL_DEVICE_ERROR, "clSetKernelArg(%s) failed: %d", name, err);
  }
  if (cur->svm_fine) {
    cl_bool fine = CL_TRUE;
    clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, sizeof fine, &fine);
  }
  err = clEnqueueNDRangeKernel(cl_queue, k, 1, NULL, &global_size, local ? &local : NULL, 0, NULL, NULL);
  if (err == CL_SUCCESS) err = clFinish(cl_queue);
  clReleaseKernel(k);
  if (err != CL_SUCCESS) return fail(RSYCL_DEVICE_ERROR, "running %s failed: %d", name, err);
  return RSYCL_OK;
}

/* Launches an NVIDIA kernel. Clang's NVPTX SYCL kernels take the kernel object by value
 * as their one parameter (.param .align A .b8 NAME_param_0[SIZE]): the driver's
 * parameter info (CUDA 12.4+) is checked against the object's size before launching. */
static int cuda_launch(const struct rs_image *img, const char *name, const void *args, size_t args_size,
                       size_t global_size, size_t local) {
  int code;
  void *mod = cuda_module(img, &code);
  if (!mod) return code;
  void *fn = NULL;
  CUresult r = cu.ModuleGetFunction(&fn, mod, name);
  if (r != 0) return fail(RSYCL_DEVICE_ERROR, "cuModuleGetFunction(%s) failed: %s", name, cu_error(r));
  void *params[] = {(void *)args};
  void **kernel_params = params;
  if (cu.FuncGetParamInfo) {
    size_t off = 0, size = 0, off1, size1;
    if (cu.FuncGetParamInfo(fn, 0, &off, &size) != 0) {
      kernel_params = NULL; /* an empty kernel object: no parameter */
    } else {
      int more = cu.FuncGetParamInfo(fn, 1, &off1, &size1) == 0;
      if (size != args_size || more)
        return fail(RSYCL_DEVICE_ERROR,
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
    size_t maxb = cur->max_wg;
    if (fmax > 0 && (size_t)fmax < maxb) maxb = (size_t)fmax;
    block = global_size < maxb ? global_size : maxb;
    while (global_size % block) block--;
  }
  size_t grid = global_size / block;
  if (grid > (size_t)cur->max_grid_x)
    return fail(RSYCL_DEVICE_ERROR, "range %zu needs %zu blocks of %zu; the device takes %d", global_size, grid, block,
                cur->max_grid_x);
  r = cu.LaunchKernel(fn, (unsigned)grid, 1, 1, (unsigned)block, 1, 1, 0, NULL, kernel_params, NULL);
  if (r == 0) r = cu.CtxSynchronize();
  if (r != 0) return fail(RSYCL_DEVICE_ERROR, "running %s failed: %s", name, cu_error(r));
  return RSYCL_OK;
}

int rsycl_launch(const char *name, const void *args, size_t args_size, size_t global_size) {
  last_error[0] = 0;
  int code = init_device();
  if (code != RSYCL_OK) return code;
  const struct rs_image *chosen = NULL;
  int found = 0, refused = 0, best = 0;
  char reason[sizeof last_error] = "";
  for (size_t i = 0; i < ndescs; i++)
    for (uint16_t j = 0; j < descs[i]->count; j++) {
      const struct rs_image *img = &descs[i]->images[j];
      /* Only images for the device's target family are candidates. */
      if (!of_family(img, cur) || !has_entry(img, name)) continue;
      found = 1;
      if (check_requirements(img, cur) != RSYCL_OK) {
        if (!refused) snprintf(reason, sizeof reason, "%s", last_error);
        refused = 1;
        continue;
      }
      int score = fit(img, cur);
      if (score > best) {
        best = score;
        chosen = img;
      }
    }
  if (!chosen) {
    if (refused) return fail(RSYCL_KERNEL_NOT_SUPPORTED, "%s", reason);
    if (!found) {
      /* Images of other families only: this device's targets were not built, or the
       * build's aspect filter dropped the kernel's image for them. */
      const char *other = NULL;
      for (size_t i = 0; i < ndescs && !other; i++)
        for (uint16_t j = 0; j < descs[i]->count && !other; j++)
          if (has_entry(&descs[i]->images[j], name)) other = descs[i]->images[j].target;
      if (other)
        return fail(RSYCL_NO_IMAGE,
                    "kernel %s has no %s image for %s (there is a %s one): the binary was not built for this device's "
                    "targets, or the aspect filter dropped the kernel for them because they lack an aspect it uses",
                    name, cur->backend == BACKEND_CUDA ? "nvptx64" : "spir64", cur_description, other);
      return fail(RSYCL_NO_IMAGE, "no device image contains kernel %s", name);
    }
    return fail(RSYCL_NO_IMAGE, "no device image of kernel %s can be loaded by %s", name, cur_description);
  }
  if (!cached_program(chosen)) {
    int exact;
    int sm = image_sm(chosen, &exact);
    trace("kernel %s: image of target %s, %s%s%.0d, %zu bytes", name, chosen->target,
          cur->backend == BACKEND_CUDA ? (is_cubin(chosen) ? "cubin" : "PTX") : "SPIR", sm ? " for sm_" : "", sm,
          (size_t)(chosen->binary_end - chosen->binary_start));
    if (find_prop(chosen, "rsycl/device_if", "has")) trace("kernel %s: the device_if variant for this device's aspects", name);
  }
  size_t local = 0;
  if ((code = required_local_size(chosen, name, global_size, &local)) != RSYCL_OK) return code;
  if (cur->backend == BACKEND_CUDA) return cuda_launch(chosen, name, args, args_size, global_size, local);
  return opencl_launch(chosen, name, args, args_size, global_size, local);
}
