/* The test runtime's paths that need no GPU: ONEAPI_DEVICE_SELECTOR parsing, device
 * choice with and without the CUDA driver, and which NVIDIA image fits which device. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rsycl/sycl_runtime.h"

static int failures;

#define CHECK(cond, ...)                          \
  do {                                            \
    if (!(cond)) {                                \
      printf("FAIL %s:%d: ", __FILE__, __LINE__); \
      printf(__VA_ARGS__);                        \
      printf("\n");                               \
      failures++;                                 \
    }                                             \
  } while (0)

static void selector_cases(void) {
  static const struct {
    const char *selector, *backend;
    int index;
    const char *type;
    int want;
    const char *error; /* part of the message when want is -1 */
  } cases[] = {
    {"cuda:*", "cuda", 0, "gpu", 1, NULL},
    {"cuda:*", "opencl", 0, "cpu", 0, NULL},
    {"opencl:*", "opencl", 2, "cpu", 1, NULL},
    {"cuda:0", "cuda", 0, "gpu", 1, NULL},
    {"cuda:0", "cuda", 1, "gpu", 0, NULL},
    {"cuda:1,0", "cuda", 0, "gpu", 1, NULL},
    {"opencl:cpu", "opencl", 0, "cpu", 1, NULL},
    {"opencl:cpu", "opencl", 0, "gpu", 0, NULL},
    {"opencl:gpu", "opencl", 0, "gpu", 1, NULL},
    {"OpenCL:CPU", "opencl", 0, "cpu", 1, NULL},
    {"*:gpu", "cuda", 3, "gpu", 1, NULL},
    {"*:gpu", "opencl", 0, "cpu", 0, NULL},
    {"opencl:fpga", "opencl", 0, "acc", 1, NULL},
    {"cuda:0;opencl:*", "opencl", 5, "cpu", 1, NULL},
    {" cuda:0 ; opencl:cpu ", "opencl", 0, "cpu", 1, NULL},
    {"!opencl:*", "cuda", 0, "gpu", 1, NULL},
    {"!opencl:*", "opencl", 0, "cpu", 0, NULL},
    {"*:*;!cuda:1", "cuda", 1, "gpu", 0, NULL},
    {"*:*;!cuda:1", "cuda", 0, "gpu", 1, NULL},
    {"level_zero:*", "opencl", 0, "gpu", 0, NULL},
    {"cuda", "cuda", 0, "gpu", -1, "has no backend"},
    {"vulkan:*", "cuda", 0, "gpu", -1, "unknown backend \"vulkan\""},
    {"cuda:", "cuda", 0, "gpu", -1, "names no device"},
    {"cuda:0,", "cuda", 0, "gpu", -1, "empty device"},
    {"cuda:0.1", "cuda", 0, "gpu", -1, "sub-device"},
    {"opencl:big", "opencl", 0, "cpu", -1, "\"big\" is not a device"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char err[200] = "";
    int got = rsycl_selector_matches(cases[i].selector, cases[i].backend, cases[i].index, cases[i].type, err, sizeof err);
    CHECK(got == cases[i].want, "selector \"%s\" on %s:%d (%s): got %d, want %d (%s)", cases[i].selector,
          cases[i].backend, cases[i].index, cases[i].type, got, cases[i].want, err);
    if (cases[i].error) CHECK(strstr(err, cases[i].error), "selector \"%s\": message \"%s\"", cases[i].selector, err);
  }
}

/* An nvptx64 image: PTX text or a cubin (ELF), with or without compile_target. */
struct test_image {
  struct rs_image image;
  struct rs_prop prop;
  struct rs_prop_set set;
  unsigned char value[64];
};

static const struct rs_image *make(struct test_image *t, const char *target, const char *binary, size_t size,
                                   const char *compile_target) {
  memset(t, 0, sizeof *t);
  t->image.target = target;
  t->image.binary_start = (const unsigned char *)binary;
  t->image.binary_end = (const unsigned char *)binary + size;
  if (compile_target) {
    uint64_t bits = 8 * strlen(compile_target);
    memcpy(t->value, &bits, 8);
    memcpy(t->value + 8, compile_target, strlen(compile_target));
    t->prop = (struct rs_prop){"compile_target", t->value, RS_PROP_BYTE_ARRAY, 8 + strlen(compile_target)};
    t->set = (struct rs_prop_set){"SYCL/device requirements", &t->prop, &t->prop + 1};
    t->image.props_begin = &t->set;
    t->image.props_end = &t->set + 1;
  }
  return &t->image;
}

static void image_choice(void) {
  static const char ptx80[] = "//\n.version 8.0\n.target sm_80\n.address_size 64\n";
  static const char ptx90a[] = ".version 8.0\n.target sm_90a\n";
  static const char cubin[] = "\177ELF\2\1\1";
  struct test_image t;
  const struct {
    const char *what, *target, *binary;
    size_t size;
    const char *compile_target;
    int major, minor, want;
  } cases[] = {
    {"sm_90 cubin on 9.0", "nvptx64", cubin, sizeof cubin, "nvidia_gpu_sm_90", 9, 0, 4},
    {"sm_80 cubin on 8.6", "nvptx64", cubin, sizeof cubin, "nvidia_gpu_sm_80", 8, 6, 3},
    {"sm_80 cubin on 9.0", "nvptx64", cubin, sizeof cubin, "nvidia_gpu_sm_80", 9, 0, 0},
    {"sm_90 cubin on 8.0", "nvptx64", cubin, sizeof cubin, "nvidia_gpu_sm_90", 8, 0, 0},
    {"sm_90a cubin on 9.0", "nvptx64", cubin, sizeof cubin, "nvidia_gpu_sm_90a", 9, 0, 4},
    {"sm_90 PTX on 9.0", "nvptx64", ptx80, sizeof ptx80, "nvidia_gpu_sm_90", 9, 0, 2},
    {"sm_80 PTX on 9.0", "nvptx64", ptx80, sizeof ptx80, NULL, 9, 0, 1},
    {"sm_80 PTX on 7.5", "nvptx64", ptx80, sizeof ptx80, NULL, 7, 5, 0},
    {"sm_90a PTX on 10.0", "nvptx64", ptx90a, sizeof ptx90a, NULL, 10, 0, 0},
    {"sm_90a PTX on 9.0", "nvptx64", ptx90a, sizeof ptx90a, NULL, 9, 0, 2},
    {"cubin of unknown arch", "nvptx64", cubin, sizeof cubin, NULL, 9, 0, 2},
    {"a spir64 image", "spir64", ptx80, sizeof ptx80, NULL, 9, 0, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const struct rs_image *img = make(&t, cases[i].target, cases[i].binary, cases[i].size, cases[i].compile_target);
    int got = rsycl_cuda_image_score(img, cases[i].major, cases[i].minor);
    CHECK(got == cases[i].want, "%s: score %d, want %d", cases[i].what, got, cases[i].want);
  }
  setenv("CUDA_FORCE_PTX_JIT", "1", 1);
  CHECK(rsycl_cuda_image_score(make(&t, "nvptx64", cubin, sizeof cubin, "nvidia_gpu_sm_90"), 9, 0) == 0,
        "CUDA_FORCE_PTX_JIT=1 keeps a cubin");
  CHECK(rsycl_cuda_image_score(make(&t, "nvptx64", ptx80, sizeof ptx80, "nvidia_gpu_sm_90"), 9, 0) == 2,
        "CUDA_FORCE_PTX_JIT=1 passes over PTX");
  unsetenv("CUDA_FORCE_PTX_JIT");
}

/* Runs the device choice in a child process (the runtime chooses once per process) with
 * ONEAPI_DEVICE_SELECTOR=selector; the child's stdout carries rsycl_device() or the error. */
static void choose(const char *selector, char *out, size_t n) {
  int fds[2];
  out[0] = 0;
  if (pipe(fds) != 0) return;
  pid_t pid = fork();
  if (pid == 0) {
    if (selector) setenv("ONEAPI_DEVICE_SELECTOR", selector, 1);
    else unsetenv("ONEAPI_DEVICE_SELECTOR");
    const char *d = rsycl_device();
    dprintf(fds[1], "%s", d[0] ? d : rsycl_last_error());
    _exit(0);
  }
  close(fds[1]);
  ssize_t got = read(fds[0], out, n - 1);
  out[got > 0 ? got : 0] = 0;
  close(fds[0]);
  waitpid(pid, NULL, 0);
}

static void device_choice(void) {
  char out[1024];
  void *libcuda = dlopen("libcuda.so.1", RTLD_NOW);
  choose("opencl:cpu", out, sizeof out);
  CHECK(strncmp(out, "opencl:0 '", 10) == 0 && strstr(out, "(cpu, "), "opencl:cpu chose \"%s\"", out);
  choose(NULL, out, sizeof out);
  if (!libcuda) {
    /* No CUDA driver: no CUDA device, and the default is the OpenCL device. */
    CHECK(strncmp(out, "opencl:0 '", 10) == 0, "the default chose \"%s\"", out);
    choose("cuda:*", out, sizeof out);
    CHECK(strstr(out, "ONEAPI_DEVICE_SELECTOR=cuda:* matches no device; devices here: opencl:0 '") == out,
          "cuda:* without a driver: \"%s\"", out);
  } else {
    printf("libcuda.so.1 is present: the default device is %s\n", out);
  }
  choose("opencl:7", out, sizeof out);
  CHECK(strstr(out, "ONEAPI_DEVICE_SELECTOR=opencl:7 matches no device; devices here: ") == out, "opencl:7: \"%s\"",
        out);
  choose("gpu", out, sizeof out);
  CHECK(strstr(out, "ONEAPI_DEVICE_SELECTOR=gpu: term \"gpu\" has no backend") == out, "gpu: \"%s\"", out);
}

int main(void) {
  selector_cases();
  image_choice();
  device_choice();
  printf("%s\n", failures ? "FAILED" : "all runtime checks passed");
  return failures != 0;
}
