// reqd_sub_group_size, and a device_global read and written by kernels.
#include <sycl/sycl.hpp>

#include <cstdio>

namespace syclex = sycl::ext::oneapi::experimental;

// A counter that lives on the device for the program's life.
syclex::device_global<int> counter;

class Sg16;
class Bump;
class Read;

int main() {
  sycl::queue q;
  int failures = 0;

  // A kernel that requires sub-groups of 16 (Intel's CPU device has 4, 8, 16, 32, 64).
  int *sg = sycl::malloc_shared<int>(64, q);
  q.parallel_for<Sg16>(sycl::nd_range<1>(sycl::range<1>(64), sycl::range<1>(32)),
                       [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(16)]] {
                         sg[it.get_global_id(0)] = int(it.get_sub_group().get_local_range()[0]);
                       })
      .wait();
  for (int i = 0; i < 64; i++)
    if (sg[i] != 16) failures++, std::printf("FAILED: sub-group size %d at %d\n", sg[i], i);

  // device_global: incremented by one kernel, read by another.
  int *out = sycl::malloc_shared<int>(1, q);
  q.single_task<Bump>([=] { counter = 41; }).wait();
  q.single_task<Read>([=] { counter = counter + 1; *out = counter; }).wait();
  if (*out != 42) failures++, std::printf("FAILED: device_global read %d\n", *out);

  sycl::free(sg, q);
  sycl::free(out, q);
  std::printf("%s: reqd_sub_group_size(16) and device_global\n", failures ? "FAILED" : "ok");
  return failures ? 1 : 0;
}
