// Runs a kernel that calls lerp() from the interp library and checks every result.
#include <cstdio>

#include "interp.h"
#include "rsycl/sycl_lite.h"

class LerpKernel;

int main() {
  const size_t n = 256;
  float *v = static_cast<float *>(rsycl_malloc_shared(n * sizeof(float)));
  for (size_t i = 0; i < n; i++) v[i] = float(i) / n;
  if (rsycl::parallel_for<LerpKernel>(n, [=](size_t i) { v[i] = lerp(10.0f, 20.0f, v[i]); }) != RSYCL_OK) {
    std::printf("launch failed: %s\n", rsycl_last_error());
    return 1;
  }
  for (size_t i = 0; i < n; i++) {
    float want = 10.0f + 10.0f * (float(i) / n);
    if (v[i] != want) {
      std::printf("wrong v[%zu] = %g, want %g\n", i, v[i], want);
      return 1;
    }
  }
  std::printf("interp_test: %zu results correct\n", n);
  return 0;
}
