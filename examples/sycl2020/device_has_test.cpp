// device_has: a kernel that declares an aspect the device lacks is refused by libsycl; one
// that declares what the device has runs. Of a kernel that needs the gpu aspect and one
// that needs cpu, exactly the one of the device's kind runs (Intel's CPU device here, an
// NVIDIA GPU in tools/gpu/sycl_on_gpu.sh). A JIT image that holds the refused kernel is
// refused with errc::kernel_not_supported; an AOT target's images do not hold it at all
// (the build's aspect filter dropped it), which libsycl reports as a missing kernel.
#include <sycl/sycl.hpp>

#include <cstdio>

class NeedsGpu;
class NeedsCpu;
class NeedsFp64;

namespace {

// Runs the kernel; returns whether it ran (false: refused as not supported).
template <typename Submit>
bool runs(const char *what, Submit submit) {
  try {
    submit().wait();
    return true;
  } catch (const sycl::exception &e) {
    std::printf("%s refused (%s): %s\n", what, e.code() == sycl::errc::kernel_not_supported ? "kernel_not_supported" : e.code().message().c_str(), e.what());
    return false;
  }
}

}  // namespace

int main() {
  sycl::queue q;
  bool gpu = q.get_device().has(sycl::aspect::gpu), cpu = q.get_device().has(sycl::aspect::cpu);
  double *d = sycl::malloc_shared<double>(1, q);
  *d = 0;
  q.single_task<NeedsFp64>([=]() [[sycl::device_has(sycl::aspect::fp64)]] { *d = 1.5; }).wait();
  bool ran_gpu = runs("gpu kernel", [&] { return q.single_task<NeedsGpu>([=]() [[sycl::device_has(sycl::aspect::gpu)]] { *d += 1; }); });
  bool ran_cpu = runs("cpu kernel", [&] { return q.single_task<NeedsCpu>([=]() [[sycl::device_has(sycl::aspect::cpu)]] { *d += 2; }); });
  bool ok = ran_gpu == gpu && ran_cpu == cpu && gpu != cpu && *d == 1.5 + (gpu ? 1 : 2);
  sycl::free(d, q);
  std::printf("%s\n", ok ? "device_has: fp64 kernel ran, only the kernel of the device's kind ran" : "FAILED");
  return ok ? 0 : 1;
}
