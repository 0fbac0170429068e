/* rules_sycl's test runtime: see sycl_runtime.h. */
#define CL_TARGET_OPENCL_VERSION 300
#include "sycl_runtime.h"

#include <CL/cl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Registered descriptors and built programs: tables that grow as needed. */
static struct rs_desc **descs;
static size_t ndescs, cap_descs;
static char last_error[512];
static char dev_failure[600];

static struct {
  int ready, failed;
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
  int fp64, fp16, atomic64, il;
  size_t max_wg;
  size_t sg_sizes[16]; /* cl_intel_required_subgroup_size's list; none without it */
  size_t nsg;
  int svm_fine;
} dev;

static struct program { const struct rs_image *image; cl_program program; } *programs;
static size_t nprograms, cap_programs;

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

size_t rsycl_program_count(void) { return nprograms; }
size_t rsycl_desc_count(void) { return ndescs; }
const struct rs_desc *rsycl_desc(size_t i) { return i < ndescs ? descs[i] : NULL; }

size_t rsycl_image_count(void) {
  size_t n = 0;
  for (size_t i = 0; i < ndescs; i++) n += descs[i]->count;
  return n;
}

static int has_ext(const char *exts, const char *name) {
  size_t n = strlen(name);
  for (const char *p = exts; (p = strstr(p, name)); p += n)
    if ((p == exts || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0)) return 1;
  return 0;
}

/* Reads the capabilities of device d of platform p into dev (no context yet). */
static void probe(cl_platform_id p, cl_device_id d) {
  char exts[8192] = "", pname[256] = "";
  dev.device = d;
  clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, sizeof exts - 1, exts, NULL);
  clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof pname - 1, pname, NULL);
  dev.fp64 = has_ext(exts, "cl_khr_fp64");
  dev.fp16 = has_ext(exts, "cl_khr_fp16");
  dev.il = has_ext(exts, "cl_khr_il_program");
  /* PoCL reports 64-bit atomics, but its SPIR path cannot build them on generic
   * pointers (see pocl_cpu in devices.yaml): the device cannot run atomic64 images. */
  dev.atomic64 = has_ext(exts, "cl_khr_int64_base_atomics") && !strstr(pname, "Portable Computing Language");
  dev.max_wg = 0;
  clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof dev.max_wg, &dev.max_wg, NULL);
  /* The sub-group sizes the device supports (CL_DEVICE_SUB_GROUP_SIZES_INTEL); a device
   * without the query has none a kernel may require. */
  size_t sg_bytes = 0;
  dev.nsg = 0;
  if (clGetDeviceInfo(d, 0x4108 /* CL_DEVICE_SUB_GROUP_SIZES_INTEL */, sizeof dev.sg_sizes, dev.sg_sizes, &sg_bytes) ==
      CL_SUCCESS)
    dev.nsg = sg_bytes / sizeof dev.sg_sizes[0];
  cl_device_svm_capabilities svm = 0;
  clGetDeviceInfo(d, CL_DEVICE_SVM_CAPABILITIES, sizeof svm, &svm, NULL);
  dev.svm_fine = (svm & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) != 0;
}

static int check_requirements(const struct rs_image *img);
static int loadable(const struct rs_image *img);

/* Whether the probed device can run at least one registered image (any, when none is
 * registered). */
static int some_image_fits(void) {
  size_t seen = 0;
  for (size_t d = 0; d < ndescs; d++)
    for (uint16_t i = 0; i < descs[d]->count; i++) {
      const struct rs_image *img = &descs[d]->images[i];
      seen++;
      if (loadable(img) && check_requirements(img) == RSYCL_OK) return 1;
    }
  return seen == 0;
}

/* Creates the context and queue of the probed device. */
static int open_device(void) {
  cl_int err;
  dev.context = clCreateContext(NULL, 1, &dev.device, NULL, NULL, &err);
  if (err != CL_SUCCESS) return 0;
  dev.queue = clCreateCommandQueueWithProperties(dev.context, dev.device, NULL, &err);
  if (err != CL_SUCCESS) {
    clReleaseContext(dev.context);
    return 0;
  }
  dev.ready = 1;
  last_error[0] = 0;
  return 1;
}

/* Picks the first device, in platform order, that can run one of the program's images;
 * an ICD registered without a device (Intel's, where there is no Intel GPU) is passed
 * over. When no device can run any image, the first device is used, so that each launch
 * says why (DPC++'s kernel_not_supported messages). */
static int init_device(void) {
  if (dev.ready) return RSYCL_OK;
  if (dev.failed) return fail(RSYCL_NO_DEVICE, "%s", dev_failure);
  cl_platform_id platforms[16], first_platform = NULL;
  cl_device_id first = NULL;
  cl_uint np = 0;
  if (clGetPlatformIDs(16, platforms, &np) != CL_SUCCESS) np = 0;
  char seen[512] = "";
  size_t used = 0;
  for (cl_uint p = 0; p < np && p < 16; p++) {
    char pname[128] = "";
    clGetPlatformInfo(platforms[p], CL_PLATFORM_NAME, sizeof pname - 1, pname, NULL);
    cl_device_id devices[8];
    cl_uint nd = 0;
    if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 8, devices, &nd) != CL_SUCCESS) nd = 0;
    if (used < sizeof seen)
      used += (size_t)snprintf(seen + used, sizeof seen - used, "%s'%s' (%u device%s)", used ? ", " : "", pname,
                               (unsigned)nd, nd == 1 ? "" : "s");
    for (cl_uint d = 0; d < nd && d < 8; d++) {
      if (!first) {
        first = devices[d];
        first_platform = platforms[p];
      }
      probe(platforms[p], devices[d]);
      if (some_image_fits() && open_device()) return RSYCL_OK;
    }
  }
  if (first) {
    probe(first_platform, first);
    if (open_device()) return RSYCL_OK;
  }
  dev.failed = 1;
  if (np == 0)
    snprintf(dev_failure, sizeof dev_failure, "no OpenCL platform (is an ICD such as pocl-opencl-icd installed?)");
  else
    snprintf(dev_failure, sizeof dev_failure, "no usable OpenCL device; platforms seen: %s", seen);
  return fail(RSYCL_NO_DEVICE, "%s", dev_failure);
}

void *rsycl_malloc_shared(size_t bytes) {
  if (init_device() != RSYCL_OK || !dev.svm_fine) return calloc(1, bytes);
  void *p = clSVMAlloc(dev.context, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER, bytes, 0);
  if (p) memset(p, 0, bytes);
  return p;
}

void rsycl_free(void *p) {
  if (dev.ready && dev.svm_fine) clSVMFree(dev.context, p);
  else free(p);
}

/* Names of the aspects the messages below name. */
static const struct { uint32_t value; const char *name; } aspect_names[] = {
  {RS_ASPECT_HOST, "host"}, {RS_ASPECT_CPU, "cpu"}, {RS_ASPECT_GPU, "gpu"},
  {RS_ASPECT_ACCELERATOR, "accelerator"}, {RS_ASPECT_CUSTOM, "custom"}, {RS_ASPECT_FP16, "fp16"},
  {RS_ASPECT_FP64, "fp64"}, {RS_ASPECT_IMAGE, "image"}, {RS_ASPECT_QUEUE_PROFILING, "queue_profiling"},
  {RS_ASPECT_USM_DEVICE_ALLOCATIONS, "usm_device_allocations"},
  {RS_ASPECT_USM_HOST_ALLOCATIONS, "usm_host_allocations"},
  {RS_ASPECT_USM_SHARED_ALLOCATIONS, "usm_shared_allocations"}, {RS_ASPECT_ATOMIC64, "atomic64"},
  {RS_ASPECT_EXT_INTEL_ESIMD, "ext_intel_esimd"},
};

static const char *aspect_name(uint32_t v, char *buf, size_t n) {
  for (size_t i = 0; i < sizeof aspect_names / sizeof aspect_names[0]; i++)
    if (aspect_names[i].value == v) return aspect_names[i].name;
  snprintf(buf, n, "%u", v);
  return buf;
}

static int device_has(uint32_t aspect) {
  switch (aspect) {
  case RS_ASPECT_CPU: return 1; /* the OpenCL device here is PoCL's CPU device */
  case RS_ASPECT_FP16: return dev.fp16;
  case RS_ASPECT_FP64: return dev.fp64;
  case RS_ASPECT_USM_DEVICE_ALLOCATIONS:
  case RS_ASPECT_USM_HOST_ALLOCATIONS:
  case RS_ASPECT_USM_SHARED_ALLOCATIONS: return dev.svm_fine;
  case RS_ASPECT_ATOMIC64: return dev.atomic64;
  default: return 0;
  }
}

static const struct rs_prop *find_prop(const struct rs_image *img, const char *set, const char *name) {
  for (const struct rs_prop_set *s = img->props_begin; s && s < img->props_end; s++) {
    if (strcmp(s->name, set) != 0) continue;
    for (const struct rs_prop *p = s->begin; p < s->end; p++)
      if (strcmp(p->name, name) == 0) return p;
  }
  return NULL;
}

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

/* Checks [SYCL/device requirements] against the device, in the runtime's wording. */
static int check_requirements(const struct rs_image *img) {
  const struct rs_prop *p = find_prop(img, "SYCL/device requirements", "aspects");
  if (p && p->type == RS_PROP_BYTE_ARRAY && p->size >= 8) {
    const unsigned char *v = p->value;
    size_t n = (p->size - 8) / 4;
    for (size_t i = 0; i < n; i++) {
      uint32_t a;
      memcpy(&a, v + 8 + 4 * i, 4);
      if (!device_has(a)) {
        char buf[16];
        return fail(RSYCL_KERNEL_NOT_SUPPORTED, "Required aspect %s is not supported on the device",
                    aspect_name(a, buf, sizeof buf));
      }
    }
  }
  p = find_prop(img, "SYCL/device requirements", "reqd_sub_group_size");
  if (p && p->type == RS_PROP_UINT32) {
    int ok = 0;
    for (size_t i = 0; i < dev.nsg; i++) ok |= dev.sg_sizes[i] == (size_t)p->size;
    if (!ok)
      return fail(RSYCL_KERNEL_NOT_SUPPORTED, "Sub-group size %u is not supported on the device", (unsigned)p->size);
  }
  uint64_t d[3];
  if (reqd_work_group_size(img, d)) {
    uint64_t total = d[0] * d[1] * d[2];
    if (total > dev.max_wg)
      return fail(RSYCL_KERNEL_NOT_SUPPORTED, "Required work-group size %llu is not supported on the device",
                  (unsigned long long)total);
  }
  return RSYCL_OK;
}

static int has_entry(const struct rs_image *img, const char *name) {
  for (const struct rs_entry *e = img->entries_begin; e && e < img->entries_end; e++)
    if (strcmp(e->name, name) == 0) return 1;
  return 0;
}

/* Can the device consume the image's format? SPIR 1.2 bitcode for spir64 always (PoCL's
 * cl_khr_spir), SPIR-V with cl_khr_il_program. */
static int loadable(const struct rs_image *img) {
  if (strcmp(img->target, "spir64") != 0) return 0;
  return img->format == RS_FORMAT_LLVMIR || (img->format == RS_FORMAT_SPIRV && dev.il);
}

static cl_program program_for(const struct rs_image *img, int *code) {
  for (size_t i = 0; i < nprograms; i++)
    if (programs[i].image == img) return programs[i].program;
  cl_int err, st;
  size_t n = (size_t)(img->binary_end - img->binary_start);
  cl_program prog;
  const char *opts = "";
  if (img->format == RS_FORMAT_LLVMIR) {
    const unsigned char *bins[] = {img->binary_start};
    prog = clCreateProgramWithBinary(dev.context, 1, &dev.device, &n, bins, &st, &err);
    opts = "-x spir -spir-std=1.2";
  } else {
    prog = clCreateProgramWithIL(dev.context, img->binary_start, n, &err);
  }
  if (err != CL_SUCCESS) {
    *code = fail(RSYCL_OPENCL_ERROR, "cannot load the device image: OpenCL error %d", err);
    return NULL;
  }
  if ((err = clBuildProgram(prog, 1, &dev.device, opts, NULL, NULL)) != CL_SUCCESS) {
    char log[300] = "";
    clGetProgramBuildInfo(prog, dev.device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
    *code = fail(RSYCL_OPENCL_ERROR, "cannot build the device image (error %d): %s", err, log);
    return NULL;
  }
  grow((void **)&programs, &cap_programs, nprograms, sizeof *programs);
  programs[nprograms].image = img;
  programs[nprograms++].program = prog;
  return prog;
}

/* The local size a launch of img must use: its required work-group size (one
 * dimension; the launch is one-dimensional), or 0 to let the device choose. */
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

int rsycl_launch(const char *name, const void *args, size_t args_size, size_t global_size) {
  last_error[0] = 0;
  int code = init_device();
  if (code != RSYCL_OK) return code;
  const struct rs_image *chosen = NULL;
  int found = 0, refused = 0;
  char reason[512] = "";
  for (size_t d = 0; d < ndescs && !chosen; d++)
    for (uint16_t i = 0; i < descs[d]->count && !chosen; i++) {
      const struct rs_image *img = &descs[d]->images[i];
      /* Only images for this device's target family (spir64) are candidates. */
      if (strcmp(img->target, "spir64") != 0 || !has_entry(img, name)) continue;
      found = 1;
      if (check_requirements(img) != RSYCL_OK) {
        if (!refused) snprintf(reason, sizeof reason, "%s", last_error);
        refused = 1;
        continue;
      }
      if (loadable(img)) chosen = img;
    }
  if (!chosen) {
    if (refused) return fail(RSYCL_KERNEL_NOT_SUPPORTED, "%s", reason);
    if (!found) return fail(RSYCL_NO_IMAGE, "no device image contains kernel %s", name);
    return fail(RSYCL_NO_IMAGE, "no device image of kernel %s can be loaded by this device", name);
  }
  cl_program prog = program_for(chosen, &code);
  if (!prog) return code;
  cl_int err;
  cl_kernel k = clCreateKernel(prog, name, &err);
  if (err != CL_SUCCESS) return fail(RSYCL_OPENCL_ERROR, "clCreateKernel(%s) failed: %d", name, err);
  if ((err = clSetKernelArg(k, 0, args_size, args)) != CL_SUCCESS) {
    clReleaseKernel(k);
    return fail(RSYCL_OPENCL_ERROR, "clSetKernelArg(%s) failed: %d", name, err);
  }
  if (dev.svm_fine) {
    cl_bool fine = CL_TRUE;
    clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, sizeof fine, &fine);
  }
  size_t local = 0;
  if ((code = required_local_size(chosen, name, global_size, &local)) != RSYCL_OK) {
    clReleaseKernel(k);
    return code;
  }
  err = clEnqueueNDRangeKernel(dev.queue, k, 1, NULL, &global_size, local ? &local : NULL, 0, NULL, NULL);
  if (err == CL_SUCCESS) err = clFinish(dev.queue);
  clReleaseKernel(k);
  if (err != CL_SUCCESS) return fail(RSYCL_OPENCL_ERROR, "running %s failed: %d", name, err);
  return RSYCL_OK;
}
