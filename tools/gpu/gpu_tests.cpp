// The GPU test set: one binary, every kernel's result checked on the host.
//
//   saxpy      float a*x+y
//   fp64       double arithmetic
//   fp16       _Float16 arithmetic (needs aspect fp16)
//   atomic64   64-bit atomic adds past 2^32 (needs aspect atomic64)
//   wg64       a kernel with a required work-group size of 64, which it reads back
//
// Usage: gpu_tests [--expect-refused=fp16,atomic64]. A test named there must be refused
// with DPC++'s message for its aspect (the device lacks it: PoCL); every other test must
// run and give the right numbers. The same binary runs on an NVIDIA GPU (everything runs)
// and on PoCL (fp16 and atomic64 refused). Exit status 1 on any mismatch.
#include <cstdio>
#include <cstring>
#include <string>

#include "rsycl/sycl_lite.h"

class Saxpy;
class Fp64;
class Fp16;
class Atomic64;
class Wg64;

static int failures;
static std::string refused_list;

static bool expect_refused(const char *test) {
  std::string list = "," + refused_list + ",";
  return list.find("," + std::string(test) + ",") != std::string::npos;
}

// Checks a launch's outcome against the expectation; true when the test ran and its
// results must be checked.
static bool launched(const char *test, int rc, const char *refusal) {
  if (expect_refused(test)) {
    if (rc == RSYCL_KERNEL_NOT_SUPPORTED && std::strcmp(rsycl_last_error(), refusal) == 0) {
      std::printf("ok   %-9s refused: %s\n", test, rsycl_last_error());
    } else {
      std::printf("FAIL %-9s rc=%d \"%s\", want refusal \"%s\"\n", test, rc, rc ? rsycl_last_error() : "", refusal);
      failures++;
    }
    return false;
  }
  if (rc != RSYCL_OK) {
    std::printf("FAIL %-9s launch failed (rc=%d): %s\n", test, rc, rsycl_last_error());
    failures++;
    return false;
  }
  return true;
}

static void result(const char *test, size_t bad, size_t n, const char *detail) {
  if (bad == n) {
    std::printf("ok   %-9s %zu results correct%s\n", test, n, detail);
  } else {
    std::printf("FAIL %-9s wrong result at %zu: %s\n", test, bad, detail);
    failures++;
  }
}

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (std::strncmp(argv[i], "--expect-refused=", 17) == 0) {
      refused_list = argv[i] + 17;
    } else {
      std::fprintf(stderr, "usage: %s [--expect-refused=TEST,...]\n", argv[0]);
      return 2;
    }
  }
  const char *device = rsycl_device();
  if (!*device) {
    std::printf("FAIL no device: %s\n", rsycl_last_error());
    return 1;
  }
  std::printf("device: %s\n", device);
  const size_t n = 1 << 20;
  char detail[160] = "";

  // saxpy
  float *x = static_cast<float *>(rsycl_malloc_shared(n * sizeof(float)));
  float *y = static_cast<float *>(rsycl_malloc_shared(n * sizeof(float)));
  for (size_t i = 0; i < n; i++) {
    x[i] = float(i % 4096);
    y[i] = 1.0f;
  }
  const float a = 2.0f;
  if (launched("saxpy", rsycl::parallel_for<Saxpy>(n, [=](size_t i) { y[i] = a * x[i] + y[i]; }), "")) {
    size_t i = 0;
    while (i < n && y[i] == 2.0f * float(i % 4096) + 1.0f) i++;
    std::snprintf(detail, sizeof detail, " (y[%zu] = %g)", i == n ? n - 1 : i, y[i == n ? n - 1 : i]);
    result("saxpy", i, n, detail);
  }

  // fp64: values a float cannot hold exactly (the product is exact, so a fused
  // multiply-add rounds as the host does).
  double *d = static_cast<double *>(rsycl_malloc_shared(n * sizeof(double)));
  if (launched("fp64", rsycl::parallel_for<Fp64>(n, [=](size_t i) { d[i] = double(i) * 0.25 + 1.0 / 3.0; }),
               "Required aspect fp64 is not supported on the device")) {
    size_t i = 0;
    while (i < n && d[i] == double(i) * 0.25 + 1.0 / 3.0) i++;
    std::snprintf(detail, sizeof detail, " (d[%zu] = %.17g)", i == n ? n - 1 : i, d[i == n ? n - 1 : i]);
    result("fp64", i, n, detail);
  }

  // fp16: exact in half precision (i mod 1024 halved).
  _Float16 *h = static_cast<_Float16 *>(rsycl_malloc_shared(n * sizeof(_Float16)));
  if (launched("fp16",
               rsycl::parallel_for<Fp16>(n, [=](size_t i) { h[i] = _Float16(int(i % 1024)) * _Float16(0.5f); }),
               "Required aspect fp16 is not supported on the device")) {
    size_t i = 0;
    while (i < n && float(h[i]) == float(i % 1024) * 0.5f) i++;
    std::snprintf(detail, sizeof detail, " (h[%zu] = %g)", i == n ? n - 1 : i, double(float(h[i == n ? n - 1 : i])));
    result("fp16", i, n, detail);
  }

  // atomic64: every work-item adds 2^33 + 1; the total needs 64 bits.
  unsigned long long *sum = static_cast<unsigned long long *>(rsycl_malloc_shared(sizeof(unsigned long long)));
  const unsigned long long step = (1ull << 33) + 1;
  if (launched("atomic64",
               rsycl::parallel_for<Atomic64>(n, [=](size_t) { __atomic_fetch_add(sum, step, __ATOMIC_RELAXED); }),
               "Required aspect atomic64 is not supported on the device")) {
    std::snprintf(detail, sizeof detail, " (sum %llu, want %llu)", *sum, step * n);
    result("atomic64", *sum == step * n ? 1 : 0, 1, detail);
  }

  // wg64: launched with work-groups of 64, which every work-item reads back.
  unsigned *wg = static_cast<unsigned *>(rsycl_malloc_shared(n * sizeof(unsigned)));
  if (launched("wg64",
               rsycl::parallel_for<Wg64>(n, rsycl::properties{rsycl::work_group_size<64>},
                                         [=](size_t i) { wg[i] = unsigned(rsycl_local_size()); }),
               "")) {
    size_t i = 0;
    while (i < n && wg[i] == 64) i++;
    std::snprintf(detail, sizeof detail, " (work-group size %u)", wg[i == n ? n - 1 : i]);
    result("wg64", i, n, detail);
  }

  std::printf("%s\n", failures ? "FAILED" : "all GPU tests passed");
  return failures != 0;
}
