// device_if on a JIT target with Intel's libsycl: the spir64 images hold one variant per
// outcome of the kernels' conditions (docs/DEVICE_IF.md), and libsycl must load the one
// that matches its device. Intel's CPU device has fp16 and fp64 and is not a GPU, so:
//   Chain:  if_device_has<fp16> / else_if_device_has<fp64> / otherwise -> the fp16 branch;
//   GpuOr:  if_device_has<gpu> / otherwise                             -> otherwise;
//   Fp64Or: if_device_has<fp64> / otherwise                            -> the fp64 branch.
// The GPU branch uses no optional feature, so only the variant's own condition, written
// into its requirements, keeps libsycl from loading it here. The kernels are launched
// through their kernel bundles (rsycl::kernel_bundle): a plain launch takes the first
// image holding the kernel, whatever its requirements.
#include <cstdio>

#include "rsycl/sycl_dpcpp.hpp"

using rsycl::aspect;
enum Branch { kFp16 = 16, kFp64 = 64, kGpu = 1, kFallback = 32 };

struct Chain {
  float *out;
  int *branch;
  void operator()(size_t i) const {
    rsycl::if_device_has<aspect::fp16>([&] {
      out[i] = float(_Float16(float(i % 1024)) * _Float16(2.0f));
      branch[i] = kFp16;
    }).else_if_device_has<aspect::fp64>([&] {
      out[i] = float(double(i % 1024) * 2.0);
      branch[i] = kFp64;
    }).otherwise([&] {
      out[i] = float(i % 1024) * 2.0f;
      branch[i] = kFallback;
    });
  }
};
struct GpuOr {
  int *branch;
  void operator()(size_t i) const {
    rsycl::if_device_has<aspect::gpu>([&] { branch[i] = kGpu; }).otherwise([&] { branch[i] = kFallback; });
  }
};
struct Fp64Or {
  float *out;
  int *branch;
  void operator()(size_t i) const {
    rsycl::if_device_has<aspect::fp64>([&] {
      out[i] = float(double(i) * 4.0);
      branch[i] = kFp64;
    }).otherwise([&] {
      out[i] = float(i) * 4.0f;
      branch[i] = kFallback;
    });
  }
};
RSYCL_KERNEL(Chain);
RSYCL_KERNEL(GpuOr);
RSYCL_KERNEL(Fp64Or);

#ifndef __SYCL_DEVICE_ONLY__
int main() {
  sycl::queue q;
  const size_t n = 4096;
  float *out = sycl::malloc_shared<float>(n, q);
  int *branch = sycl::malloc_shared<int>(n, q);
  int failures = 0;
  auto check = [&](const char *kernel, int want, float scale) {
    for (size_t i = 0; i < n; i++) {
      float expect = float(kernel[0] == 'C' ? i % 1024 : i) * scale;
      if (branch[i] != want || (scale != 0 && out[i] != expect)) {
        std::printf("FAIL: %s[%zu]: branch %d (want %d), value %g (want %g)\n", kernel, i, branch[i], want, out[i], expect);
        failures++;
        return;
      }
    }
    std::printf("%s: branch %d on every work-item\n", kernel, want);
  };
  // Through the kernel's bundle: libsycl picks the first variant its device meets.
  auto run = [&](auto kernel) {
    using K = decltype(kernel);
    q.submit([&](sycl::handler &h) {
       h.use_kernel_bundle(rsycl::kernel_bundle<K>(q));
       h.parallel_for<K>(sycl::range<1>(n), kernel);
     }).wait();
  };
  run(Chain{out, branch});
  check("Chain", kFp16, 2.0f);
  run(GpuOr{branch});
  check("GpuOr", kFallback, 0);
  run(Fp64Or{out, branch});
  check("Fp64Or", kFp64, 4.0f);
  sycl::free(out, q);
  sycl::free(branch, q);
  std::printf("%s: %d failures\n", failures ? "FAILED" : "PASSED", failures);
  return failures ? 1 : 0;
}
#endif
