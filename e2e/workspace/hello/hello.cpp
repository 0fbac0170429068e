// y = a * x + y on the first device the runtime finds, checked on the host: SYCL 2020 as
// it is, compiled by DPC++'s front end and run by Intel's libsycl.
#include <sycl/sycl.hpp>

#include <cstdio>

int main() {
  const size_t n = 1024;
  sycl::queue q;
  float *x = sycl::malloc_shared<float>(n, q);
  float *y = sycl::malloc_shared<float>(n, q);
  for (size_t i = 0; i < n; i++) x[i] = float(i), y[i] = 1.0f;
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { y[i] = 2.0f * x[i] + y[i]; }).wait();
  for (size_t i = 0; i < n; i++)
    if (y[i] != 2.0f * float(i) + 1.0f) return std::printf("wrong y[%zu] = %g\n", i, y[i]), 1;
  std::printf("hello: %zu results checked on %s\n", n, q.get_device().get_info<sycl::info::device::name>().c_str());
  sycl::free(x, q);
  sycl::free(y, q);
  return 0;
}
