// The application: runs both kernels and prints a result.
#include <cstdio>

#include "kernels/kernels.h"
#include "rsycl/sycl_lite.h"

int main() {
  const std::size_t n = 1024;
  float *x = static_cast<float *>(rsycl_malloc_shared(n * sizeof(float)));
  float *y = static_cast<float *>(rsycl_malloc_shared(n * sizeof(float)));
  int *sq = static_cast<int *>(rsycl_malloc_shared(n * sizeof(int)));
  for (std::size_t i = 0; i < n; i++) {
    x[i] = float(i);
    y[i] = 1.0f;
  }
  if (saxpy(2.0f, x, y, n) != RSYCL_OK || squares(sq, n) != RSYCL_OK) {
    std::printf("launch failed: %s\n", rsycl_last_error());
    return 1;
  }
  std::printf("y[%zu] = %g, sq[%zu] = %d\n", n - 1, y[n - 1], n - 1, sq[n - 1]);
  return 0;
}
