// A kernel calling a [[clang::sycl_external]] function of another sycl_library
// (//examples/multi_tu:scale), linked (rdc) before propagation and split, launched by
// Intel's libsycl from real SYCL host code.
#include <cstdio>

#include "examples/multi_tu/scale.h"
#include "rsycl/sycl_dpcpp.hpp"

struct ScaleKernel {
  float *v;
  void operator()(size_t i) const { v[i] = scale(v[i], 4.0f); }
};
RSYCL_KERNEL(ScaleKernel);

#ifndef __SYCL_DEVICE_ONLY__
int main() {
  sycl::queue q;
  const size_t n = 512;
  float *v = sycl::malloc_shared<float>(n, q);
  for (size_t i = 0; i < n; i++) v[i] = float(i);
  try {
    q.parallel_for<ScaleKernel>(sycl::range<1>(n), ScaleKernel{v}).wait();
  } catch (const sycl::exception &e) {
    std::printf("FAIL: %s\n", e.what());
    return 1;
  }
  for (size_t i = 0; i < n; i++) {
    if (v[i] != float(i) * 4.0f + 0.5f) {
      std::printf("FAIL: v[%zu] = %g\n", i, v[i]);
      return 1;
    }
  }
  sycl::free(v, q);
  std::printf("multi_tu on libsycl: %zu results correct through a cross-TU sycl_external call on %s\n", n,
              q.get_device().get_info<sycl::info::device::name>().c_str());
  return 0;
}
#endif
