// Checks both kernels' results on the device the runtime picks (PoCL here).
#include <cstdio>

#include "kernels/kernels.h"
#include "rsycl/sycl_lite.h"

int main() {
  const std::size_t n = 4096;
  float *x = static_cast<float *>(rsycl_malloc_shared(n * sizeof(float)));
  float *y = static_cast<float *>(rsycl_malloc_shared(n * sizeof(float)));
  int *sq = static_cast<int *>(rsycl_malloc_shared(n * sizeof(int)));
  for (std::size_t i = 0; i < n; i++) {
    x[i] = float(i);
    y[i] = 1.0f;
  }
  if (saxpy(3.0f, x, y, n) != RSYCL_OK || squares(sq, n) != RSYCL_OK) {
    std::printf("launch failed: %s\n", rsycl_last_error());
    return 1;
  }
  for (std::size_t i = 0; i < n; i++) {
    if (y[i] != 3.0f * float(i) + 1.0f || sq[i] != int(i) * int(i)) {
      std::printf("wrong result at %zu: y=%g sq=%d\n", i, y[i], sq[i]);
      return 1;
    }
  }
  std::printf("kernels_test: %zu results correct\n", n);
  return 0;
}
