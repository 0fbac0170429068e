// A SYCL source for the analysis tests of the DPC++ toolchain: its actions are checked,
// never run.
#include <sycl/sycl.hpp>

class K;

int main() {
  sycl::queue q;
  float *x = sycl::malloc_shared<float>(16, q);
  q.parallel_for<K>(sycl::range<1>{16}, [=](sycl::id<1> i) { x[i] = 1.0f; }).wait();
  return 0;
}
