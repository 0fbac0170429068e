/* The test runtime's OpenCL backend: OpenCL devices (PoCL here) through the ICD loader,
 * running spir64 images: SPIR 1.2 bitcode (cl_khr_spir) and SPIR-V (cl_khr_il_program). */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rsycl_backend.h"
#include "sycl_tables.h"

/* What the OpenCL backend knows of each of its devices. */
static struct opencl_device {
  cl_platform_id platform;
  cl_device_id device;
  int il, svm_fine;
} opencl_devices[RS_MAX_DEVICES];
static size_t nopencl;
static char ocl_note[200];
static cl_context cl_ctx;
static cl_command_queue cl_queue;

static const struct opencl_device *opencl_of(const struct rs_device *d) { return d->impl; }

static int has_ext(const char *exts, const char *name) {
  size_t n = strlen(name);
  for (const char *p = exts; (p = strstr(p, name)); p += n)
    if ((p == exts || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0)) return 1;
  return 0;
}

/* Whether the platform cannot run an aspect it reports (PoCL's 64-bit atomics: the table
 * is generated from devconfig.PlatformLacks). */
static int platform_lacks(const char *platform, uint32_t aspect) {
  for (size_t i = 0; i < sizeof rs_platform_lacks / sizeof rs_platform_lacks[0]; i++)
    if (rs_platform_lacks[i].aspect == aspect && strstr(platform, rs_platform_lacks[i].platform)) return 1;
  return 0;
}

/* Reads the capabilities of OpenCL device dv of platform p. */
static void probe(struct rs_device *d, struct opencl_device *o, cl_platform_id p, cl_device_id dv) {
  char exts[8192] = "";
  d->backend = &rs_opencl_backend;
  d->impl = o;
  o->platform = p;
  o->device = dv;
  clGetDeviceInfo(dv, CL_DEVICE_NAME, sizeof d->name - 1, d->name, NULL);
  clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof d->platform - 1, d->platform, NULL);
  cl_device_type t = 0;
  clGetDeviceInfo(dv, CL_DEVICE_TYPE, sizeof t, &t, NULL);
  d->type = (t & CL_DEVICE_TYPE_GPU) ? RS_TYPE_GPU : (t & CL_DEVICE_TYPE_ACCELERATOR) ? RS_TYPE_ACC : RS_TYPE_CPU;
  rs_add_aspect(d, d->type == RS_TYPE_GPU ? RS_ASPECT_GPU : d->type == RS_TYPE_ACC ? RS_ASPECT_ACCELERATOR : RS_ASPECT_CPU);
  clGetDeviceInfo(dv, CL_DEVICE_EXTENSIONS, sizeof exts - 1, exts, NULL);
  if (has_ext(exts, "cl_khr_fp64")) rs_add_aspect(d, RS_ASPECT_FP64);
  if (has_ext(exts, "cl_khr_fp16")) rs_add_aspect(d, RS_ASPECT_FP16);
  o->il = has_ext(exts, "cl_khr_il_program");
  if (has_ext(exts, "cl_khr_int64_base_atomics") && !platform_lacks(d->platform, RS_ASPECT_ATOMIC64))
    rs_add_aspect(d, RS_ASPECT_ATOMIC64);
  clGetDeviceInfo(dv, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof d->max_wg, &d->max_wg, NULL);
  /* The sub-group sizes the device supports (CL_DEVICE_SUB_GROUP_SIZES_INTEL); a device
   * without the query has none a kernel may require. */
  size_t sg_bytes = 0;
  if (clGetDeviceInfo(dv, 0x4108 /* CL_DEVICE_SUB_GROUP_SIZES_INTEL */, sizeof d->sg_sizes, d->sg_sizes, &sg_bytes) ==
      CL_SUCCESS)
    d->nsg = sg_bytes / sizeof d->sg_sizes[0];
  cl_device_svm_capabilities svm = 0;
  clGetDeviceInfo(dv, CL_DEVICE_SVM_CAPABILITIES, sizeof svm, &svm, NULL);
  o->svm_fine = (svm & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) != 0;
  if (o->svm_fine) {
    rs_add_aspect(d, RS_ASPECT_USM_SHARED_ALLOCATIONS);
    rs_add_aspect(d, RS_ASPECT_USM_DEVICE_ALLOCATIONS);
    rs_add_aspect(d, RS_ASPECT_USM_HOST_ALLOCATIONS);
  }
}

/* OpenCL devices in platform order; an ICD registered without a device (Intel's, where
 * there is no Intel GPU) adds none. */
static void enumerate(struct rs_device *devs, size_t *n) {
  cl_platform_id platforms[16];
  cl_uint np = 0;
  if (clGetPlatformIDs(16, platforms, &np) != CL_SUCCESS) np = 0;
  if (np == 0) snprintf(ocl_note, sizeof ocl_note, "no OpenCL platform (is an ICD such as pocl-opencl-icd installed?)");
  int index = 0;
  for (cl_uint p = 0; p < np && p < 16; p++) {
    cl_device_id ids[16];
    cl_uint nd = 0;
    if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 16, ids, &nd) != CL_SUCCESS) nd = 0;
    for (cl_uint i = 0; i < nd && i < 16 && *n < RS_MAX_DEVICES; i++) {
      struct rs_device *d = &devs[(*n)++];
      struct opencl_device *o = &opencl_devices[nopencl++];
      memset(d, 0, sizeof *d);
      memset(o, 0, sizeof *o);
      probe(d, o, platforms[p], ids[i]);
      d->index = index++;
    }
  }
}

static const char *note(void) { return ocl_note; }

/* 1 for spir64 images it can build: SPIR 1.2 bitcode always (PoCL's cl_khr_spir), SPIR-V
 * with cl_khr_il_program. */
static int fit(const struct rs_image *img, const struct rs_device *d) {
  if (strcmp(img->target, "spir64") != 0) return 0;
  return img->format == RS_FORMAT_LLVMIR || (img->format == RS_FORMAT_SPIRV && opencl_of(d)->il);
}

/* The format's name, as the compatibility report calls it (rs_format_labels). */
static void describe_image(const struct rs_image *img, char *buf, size_t n) {
  const char *label = "unknown format";
  for (size_t i = 0; i < sizeof rs_format_labels / sizeof rs_format_labels[0]; i++)
    if (rs_format_labels[i].format == img->format) label = rs_format_labels[i].label;
  snprintf(buf, n, "%s", label);
}

static int open_device(struct rs_device *d) {
  cl_int err;
  cl_ctx = clCreateContext(NULL, 1, &opencl_of(d)->device, NULL, NULL, &err);
  if (err != CL_SUCCESS) return 0;
  cl_queue = clCreateCommandQueueWithProperties(cl_ctx, opencl_of(d)->device, NULL, &err);
  if (err != CL_SUCCESS) {
    clReleaseContext(cl_ctx);
    return 0;
  }
  return 1;
}

static const char *type_name(int t) { return t == RS_TYPE_CPU ? "cpu" : t == RS_TYPE_GPU ? "gpu" : "acc"; }

static void describe(const struct rs_device *d, char *buf, size_t n) {
  snprintf(buf, n, "opencl:%d '%s' (%s, %s)", d->index, d->name, type_name(d->type), d->platform);
}

/* Shared memory: fine-grained SVM where the device has it, else host memory (a CPU
 * device reads it directly). */
static void *malloc_shared(const struct rs_device *d, size_t bytes) {
  if (!opencl_of(d)->svm_fine) return calloc(1, bytes);
  void *p = clSVMAlloc(cl_ctx, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER, bytes, 0);
  if (p) memset(p, 0, bytes);
  return p;
}

static int copy(const struct rs_device *d, void *dst, const void *src, size_t bytes) {
  (void)d;
  memcpy(dst, src, bytes);
  return RSYCL_OK;
}

static void release(const struct rs_device *d, void *p) {
  if (opencl_of(d)->svm_fine)
    clSVMFree(cl_ctx, p);
  else
    free(p);
}

static void *load(const struct rs_device *d, const struct rs_image *img, int *code) {
  cl_int err, st;
  cl_program prog;
  cl_device_id dev = opencl_of(d)->device;
  size_t n = (size_t)(img->binary_end - img->binary_start);
  const char *opts = "";
  if (img->format == RS_FORMAT_LLVMIR) {
    const unsigned char *bins[] = {img->binary_start};
    prog = clCreateProgramWithBinary(cl_ctx, 1, &dev, &n, bins, &st, &err);
    opts = "-x spir -spir-std=1.2";
  } else {
    prog = clCreateProgramWithIL(cl_ctx, img->binary_start, n, &err);
  }
  if (err != CL_SUCCESS) {
    *code = rs_fail(RSYCL_DEVICE_ERROR, "cannot load the device image: OpenCL error %d", err);
    return NULL;
  }
  if ((err = clBuildProgram(prog, 1, &dev, opts, NULL, NULL)) != CL_SUCCESS) {
    char log[300] = "";
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
    *code = rs_fail(RSYCL_DEVICE_ERROR, "cannot build the device image (error %d): %s", err, log);
    return NULL;
  }
  return prog;
}

static int launch(const struct rs_device *d, void *program, const char *name, const void *args, size_t args_size,
                  size_t global_size, size_t local) {
  cl_int err;
  cl_kernel k = clCreateKernel((cl_program)program, name, &err);
  if (err != CL_SUCCESS) return rs_fail(RSYCL_DEVICE_ERROR, "clCreateKernel(%s) failed: %d", name, err);
  if ((err = clSetKernelArg(k, 0, args_size, args)) != CL_SUCCESS) {
    clReleaseKernel(k);
    return rs_fail(RSYCL_DEVICE_ERROR, "clSetKernelArg(%s) failed: %d", name, err);
  }
  if (opencl_of(d)->svm_fine) {
    cl_bool fine = CL_TRUE;
    clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, sizeof fine, &fine);
  }
  err = clEnqueueNDRangeKernel(cl_queue, k, 1, NULL, &global_size, local ? &local : NULL, 0, NULL, NULL);
  if (err == CL_SUCCESS) err = clFinish(cl_queue);
  clReleaseKernel(k);
  if (err != CL_SUCCESS) return rs_fail(RSYCL_DEVICE_ERROR, "running %s failed: %d", name, err);
  return RSYCL_OK;
}

const struct rs_backend rs_opencl_backend = {
  .name = "opencl",
  .enumerate = enumerate,
  .note = note,
  .fit = fit,
  .open = open_device,
  .describe = describe,
  .describe_image = describe_image,
  .malloc_shared = malloc_shared,
  .malloc_device = malloc_shared, /* OpenCL: shared memory (sycl_runtime.h) */
  .copy = copy,
  .release = release,
  .load = load,
  .launch = launch,
};
