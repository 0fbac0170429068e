// device_has: a kernel that declares an aspect the CPU device lacks (gpu) is refused by
// libsycl with errc::kernel_not_supported; one that declares what the device has runs.
#include <sycl/sycl.hpp>

#include <cstdio>

class NeedsGpu;
class NeedsFp64;

int main() {
  sycl::queue q;
  double *d = sycl::malloc_shared<double>(1, q);
  *d = 0;
  q.single_task<NeedsFp64>([=]() [[sycl::device_has(sycl::aspect::fp64)]] { *d = 1.5; }).wait();
  bool refused = false;
  try {
    q.single_task<NeedsGpu>([=]() [[sycl::device_has(sycl::aspect::gpu)]] { *d = 2.5; }).wait();
  } catch (const sycl::exception &e) {
    refused = e.code() == sycl::errc::kernel_not_supported;
    std::printf("refused: %s\n", e.what());
  }
  bool ok = *d == 1.5 && refused;
  sycl::free(d, q);
  std::printf("%s\n", ok ? "device_has: fp64 kernel ran, gpu kernel refused" : "FAILED");
  return ok ? 0 : 1;
}
