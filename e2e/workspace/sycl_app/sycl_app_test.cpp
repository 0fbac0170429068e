// A user's SYCL 2020 program: a functor kernel and a reduction, compiled by DPC++'s front
// end, run by Intel's libsycl; the results are checked.
#include <sycl/sycl.hpp>

#include <cstdio>

struct Axpy {
  int a;
  const int *x;
  int *y;
  void operator()(sycl::id<1> i) const { y[i] += a * x[i]; }
};

int main() {
  sycl::queue q;
  const size_t n = 1000;
  int *x = sycl::malloc_shared<int>(n, q), *y = sycl::malloc_shared<int>(n, q);
  int *sum = sycl::malloc_shared<int>(1, q);
  for (size_t i = 0; i < n; i++) {
    x[i] = int(i);
    y[i] = 1;
  }
  *sum = 0;
  q.parallel_for(sycl::range<1>(n), Axpy{3, x, y}).wait();
  q.parallel_for(sycl::range<1>(n), sycl::reduction(sum, sycl::plus<int>()), [=](sycl::id<1> i, auto &s) { s += y[i]; }).wait();
  for (size_t i = 0; i < n; i++) {
    if (y[i] != 3 * int(i) + 1) {
      std::printf("FAIL: y[%zu] = %d\n", i, y[i]);
      return 1;
    }
  }
  if (*sum != int(3 * n * (n - 1) / 2 + n)) {
    std::printf("FAIL: sum = %d\n", *sum);
    return 1;
  }
  std::printf("sycl_app: %zu results and their sum correct on %s\n", n, q.get_device().get_info<sycl::info::device::name>().c_str());
  sycl::free(x, q);
  sycl::free(y, q);
  sycl::free(sum, q);
  return 0;
}
