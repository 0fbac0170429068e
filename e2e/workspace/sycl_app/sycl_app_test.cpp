// A user's SYCL program: kernels compiled by rules_sycl, host code on the real
// <sycl/sycl.hpp>, run by Intel's libsycl; the result is checked.
#include <cstdio>

#include "rsycl/sycl_dpcpp.hpp"

struct Axpy {
  int a;
  const int *x;
  int *y;
  void operator()(size_t i) const { y[i] += a * x[i]; }
};
RSYCL_KERNEL(Axpy);

#ifndef __SYCL_DEVICE_ONLY__
int main() {
  sycl::queue q;
  const size_t n = 1000;
  int *x = sycl::malloc_shared<int>(n, q), *y = sycl::malloc_shared<int>(n, q);
  for (size_t i = 0; i < n; i++) {
    x[i] = int(i);
    y[i] = 1;
  }
  q.parallel_for<Axpy>(sycl::range<1>(n), Axpy{3, x, y}).wait();
  for (size_t i = 0; i < n; i++) {
    if (y[i] != 3 * int(i) + 1) {
      std::printf("FAIL: y[%zu] = %d\n", i, y[i]);
      return 1;
    }
  }
  std::printf("sycl_app: %zu results correct on %s\n", n, q.get_device().get_info<sycl::info::device::name>().c_str());
  sycl::free(x, q);
  sycl::free(y, q);
  return 0;
}
#endif
