// STREAM triad, a[i] = b[i] + s * c[i] over doubles in device memory, built by rules_sycl.
// Its CUDA twin, triad.cu, runs the same kernels with the same launch shape and timing.
//
// Usage: triad [--n=ELEMENTS] [--iterations=K]. Prints one line:
//   triad rsycl n=... bytes=... first_ms=... steady_ms=... best_gbs=... median_gbs=...
// first_ms is the first launch (module load, and PTX JIT when no cubin fits) and
// steady_ms the median of the later launches of the same kernel. Bandwidth counts the
// bytes the kernel must move: two arrays read, one written (3 * 8 * n). The result is
// checked on the host; exit status 1 on a mismatch.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "rsycl/sycl_lite.h"

class Fill;
class Triad;

static double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

int main(int argc, char **argv) {
  size_t n = size_t(1) << 27;  // 1 GiB per array
  int iterations = 20;
  for (int i = 1; i < argc; i++) {
    if (std::strncmp(argv[i], "--n=", 4) == 0) n = std::strtoull(argv[i] + 4, nullptr, 10);
    else if (std::strncmp(argv[i], "--iterations=", 13) == 0) iterations = std::atoi(argv[i] + 13);
    else {
      std::fprintf(stderr, "usage: %s [--n=ELEMENTS] [--iterations=K]\n", argv[0]);
      return 2;
    }
  }
  if (n == 0 || iterations < 1) {
    std::fprintf(stderr, "triad: need n > 0 and iterations > 0\n");
    return 2;
  }
  std::printf("device: %s\n", rsycl_device());
  double *a = static_cast<double *>(rsycl_malloc_device(n * sizeof(double)));
  double *b = static_cast<double *>(rsycl_malloc_device(n * sizeof(double)));
  double *c = static_cast<double *>(rsycl_malloc_device(n * sizeof(double)));
  if (!a || !b || !c) {
    std::printf("FAIL allocation of 3 x %zu doubles: %s\n", n, rsycl_last_error());
    return 1;
  }
  // Integers below 2^53: every result is exact, fused multiply-add or not.
  auto t0 = std::chrono::steady_clock::now();
  int rc = rsycl::parallel_for<Fill>(n, [=](size_t i) {
    a[i] = 0;
    b[i] = double(i);
    c[i] = double(2 * i);
  });
  const double first_fill = ms_since(t0);
  if (rc != RSYCL_OK) {
    std::printf("FAIL fill: %s\n", rsycl_last_error());
    return 1;
  }
  const double s = 3.0;
  auto triad = [=](size_t i) { a[i] = b[i] + s * c[i]; };
  t0 = std::chrono::steady_clock::now();
  rc = rsycl::parallel_for<Triad>(n, triad);
  const double first = ms_since(t0);
  if (rc != RSYCL_OK) {
    std::printf("FAIL triad: %s\n", rsycl_last_error());
    return 1;
  }
  std::vector<double> times;
  for (int k = 0; k < iterations; k++) {
    t0 = std::chrono::steady_clock::now();
    if (rsycl::parallel_for<Triad>(n, triad) != RSYCL_OK) {
      std::printf("FAIL triad: %s\n", rsycl_last_error());
      return 1;
    }
    times.push_back(ms_since(t0));
  }
  std::sort(times.begin(), times.end());
  const double best = times.front(), median = times[times.size() / 2];
  std::vector<double> host(n);
  if (rsycl_memcpy(host.data(), a, n * sizeof(double)) != RSYCL_OK) {
    std::printf("FAIL copy back: %s\n", rsycl_last_error());
    return 1;
  }
  for (size_t i = 0; i < n; i++) {
    if (host[i] != double(i) + 3.0 * double(2 * i)) {
      std::printf("FAIL a[%zu] = %.17g, want %.17g\n", i, host[i], double(i) + 3.0 * double(2 * i));
      return 1;
    }
  }
  const double bytes = 3.0 * sizeof(double) * double(n);
  std::printf("triad rsycl n=%zu bytes=%.0f first_fill_ms=%.3f first_ms=%.3f steady_ms=%.3f best_gbs=%.1f median_gbs=%.1f\n",
              n, bytes, first_fill, first, median, bytes / best / 1e6, bytes / median / 1e6);
  rsycl_free(a);
  rsycl_free(b);
  rsycl_free(c);
  return 0;
}
