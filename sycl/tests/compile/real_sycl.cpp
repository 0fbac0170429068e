// SYCL 2020 code for the analysis tests of DPC++'s front end (never run).
#include <sycl/sycl.hpp>

int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(4, q);
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { p[i] = REAL_SYCL; }).wait();
  sycl::free(p, q);
}
