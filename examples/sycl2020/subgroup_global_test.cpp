// reqd_sub_group_size, and a device_global read and written by kernels.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cstdio>

namespace syclex = sycl::ext::oneapi::experimental;

// A counter that lives on the device for the program's life.
syclex::device_global<int> counter;

template <int N>
class Sg;
class Bump;
class Read;

// A kernel that requires sub-groups of N: each work-item writes the size it sees.
template <int N>
int sub_groups_of(sycl::queue &q, int *sg) {
  q.parallel_for<Sg<N>>(sycl::nd_range<1>(sycl::range<1>(64), sycl::range<1>(32)),
                        [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(N)]] {
                          sg[it.get_global_id(0)] = int(it.get_sub_group().get_local_range()[0]);
                        })
      .wait();
  int failures = 0;
  for (int i = 0; i < 64; i++)
    if (sg[i] != N) failures++, std::printf("FAILED: sub-group size %d at %d, want %d\n", sg[i], i, N);
  return failures;
}

int main() {
  sycl::queue q;
  int failures = 0;

  // Sub-groups of 16 where the device has them (Intel's CPU device has 4, 8, 16, 32, 64),
  // else of 32 (NVIDIA GPUs: warps).
  int *sg = sycl::malloc_shared<int>(64, q);
  auto sizes = q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  bool has16 = std::find(sizes.begin(), sizes.end(), 16) != sizes.end();
  failures += has16 ? sub_groups_of<16>(q, sg) : sub_groups_of<32>(q, sg);

  // device_global: incremented by one kernel, read by another.
  int *out = sycl::malloc_shared<int>(1, q);
  q.single_task<Bump>([=] { counter = 41; }).wait();
  q.single_task<Read>([=] { counter = counter + 1; *out = counter; }).wait();
  if (*out != 42) failures++, std::printf("FAILED: device_global read %d\n", *out);

  sycl::free(sg, q);
  sycl::free(out, q);
  std::printf("%s: reqd_sub_group_size(%d) and device_global\n", failures ? "FAILED" : "ok", has16 ? 16 : 32);
  return failures ? 1 : 0;
}
