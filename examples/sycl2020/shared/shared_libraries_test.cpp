// A program with a kernel of its own that loads two shared libraries, each with its own
// device images registered when it is loaded.
#include <sycl/sycl.hpp>

#include <cstdio>

#include "examples/sycl2020/shared/offset.h"
#include "examples/sycl2020/shared/scale.h"

int main() {
  sycl::queue q;
  constexpr int n = 8;
  float *data = sycl::malloc_shared<float>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { data[i] = float(i); }).wait();
  scale_on_device(q, data, n, 3.0f);   // libscale.so's kernel
  offset_on_device(q, data, n, 0.5f);  // liboffset.so's kernel
  int failures = 0;
  for (int i = 0; i < n; ++i) {
    float want = 3.0f * i + 1.0f;
    std::printf("data[%d] = %g (want %g)\n", i, data[i], want);
    failures += data[i] != want;
  }
  for (const sycl::kernel_id &k : sycl::get_kernel_ids()) std::printf("registered kernel: %s\n", k.get_name());
  sycl::free(data, q);
  return failures ? 1 : 0;
}
