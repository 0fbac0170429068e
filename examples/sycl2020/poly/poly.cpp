#include "examples/sycl2020/poly/poly.h"

SYCL_EXTERNAL float poly(float x) { return (2.0f * x + 3.0f) * x + 1.0f; }

void poly_in_place(sycl::queue &q, float *data, size_t n) {
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { data[i] = poly(data[i]); }).wait();
}
