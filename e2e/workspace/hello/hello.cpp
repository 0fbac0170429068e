// y = a * x + y on the first device the runtime finds, checked on the host.
#include <cstdio>

#include "rsycl/sycl_lite.h"

class Saxpy;

int main() {
  const std::size_t n = 1024;
  float *x = static_cast<float *>(rsycl_malloc_shared(n * sizeof(float)));
  float *y = static_cast<float *>(rsycl_malloc_shared(n * sizeof(float)));
  for (std::size_t i = 0; i < n; i++) x[i] = float(i), y[i] = 1.0f;
  if (rsycl::parallel_for<Saxpy>(n, [=](std::size_t i) { y[i] = 2.0f * x[i] + y[i]; }) != RSYCL_OK) {
    std::printf("launch failed: %s\n", rsycl_last_error());
    return 1;
  }
  for (std::size_t i = 0; i < n; i++)
    if (y[i] != 2.0f * float(i) + 1.0f) return std::printf("wrong y[%zu] = %g\n", i, y[i]), 1;
  std::printf("hello: %zu results checked\n", n);
  return 0;
}
