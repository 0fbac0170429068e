#include "iso.h"
void run_kernel(sycl::queue &q, float *data, int n) {
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { data[i] *= 2.0f; }).wait();
}
