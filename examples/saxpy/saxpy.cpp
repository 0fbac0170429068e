// saxpy and an integer kernel on the device; the results are checked on the host.
#include <cstdio>

#include "rsycl/sycl_lite.h"

class Saxpy;
class Square;

int main() {
  const size_t n = 4096;
  float *x = static_cast<float *>(rsycl_malloc_shared(n * sizeof(float)));
  float *y = static_cast<float *>(rsycl_malloc_shared(n * sizeof(float)));
  int *sq = static_cast<int *>(rsycl_malloc_shared(n * sizeof(int)));
  for (size_t i = 0; i < n; i++) {
    x[i] = static_cast<float>(i);
    y[i] = 1.0f;
  }
  const float a = 2.0f;
  if (rsycl::parallel_for<Saxpy>(n, [=](size_t i) { y[i] = a * x[i] + y[i]; }) != RSYCL_OK ||
      rsycl::parallel_for<Square>(n, [=](size_t i) { sq[i] = int(i) * int(i); }) != RSYCL_OK) {
    std::printf("launch failed: %s\n", rsycl_last_error());
    return 1;
  }
  for (size_t i = 0; i < n; i++) {
    if (y[i] != 2.0f * static_cast<float>(i) + 1.0f || sq[i] != int(i) * int(i)) {
      std::printf("wrong result at %zu: y=%g sq=%d\n", i, y[i], sq[i]);
      return 1;
    }
  }
  std::printf("saxpy: %zu results correct (y[%zu] = %g)\n", n, n - 1, y[n - 1]);
  return 0;
}
