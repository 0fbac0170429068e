#include "examples/sycl2020/shared/scale.h"

void scale_on_device(sycl::queue &q, float *data, int n, float factor) {
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { data[i] *= factor; }).wait();
}
