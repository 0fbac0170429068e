#include "examples/sycl2020/shared/offset.h"

#include "examples/sycl2020/twice.h"

void offset_on_device(sycl::queue &q, float *data, int n, float offset) {
  q.parallel_for(sycl::nd_range<1>(sycl::range<1>(n), sycl::range<1>(4)), [=](sycl::nd_item<1> it) {
     data[it.get_global_id(0)] += twice(offset);
   }).wait();
}
