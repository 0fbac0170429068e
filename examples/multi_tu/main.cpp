// A kernel calling a [[clang::sycl_external]] function of another sycl_library: the
// device code of both libraries is linked (rdc) before propagation and split.
#include <cstdio>

#include "examples/multi_tu/scale.h"
#include "rsycl/sycl_lite.h"

class ScaleKernel;

int main() {
  const size_t n = 512;
  float *v = static_cast<float *>(rsycl_malloc_shared(n * sizeof(float)));
  for (size_t i = 0; i < n; i++) v[i] = float(i);
  if (rsycl::parallel_for<ScaleKernel>(n, [=](size_t i) { v[i] = scale(v[i], 4.0f); }) != RSYCL_OK) {
    std::printf("launch failed: %s\n", rsycl_last_error());
    return 1;
  }
  for (size_t i = 0; i < n; i++) {
    if (v[i] != float(i) * 4.0f + 0.5f) {
      std::printf("wrong v[%zu] = %g\n", i, v[i]);
      return 1;
    }
  }
  std::printf("multi_tu: %zu results correct through a cross-TU sycl_external call\n", n);
  return 0;
}
