// SYCL 2020 specialization constants in device code compiled by upstream clang (rsycl),
// set through Intel's libsycl: RSYCL_SPECIALIZATION_ID declares them, the kernel reads
// them with rsycl::get_specialization_constant, the host sets them with the handler's
// set_specialization_constant. The rules lower the reads to SPIR-V specialization
// constants and write [SYCL/specialization constants], which libsycl reads to set them.
#include <cstdio>

#include "rsycl/sycl_dpcpp.hpp"

struct Affine {
  float scale;
  int shift;
};

RSYCL_SPECIALIZATION_ID(factor, int, 3);
RSYCL_SPECIALIZATION_ID(affine, Affine, Affine{0.5f, 10});

struct Apply {
  float *out;
  void operator()(size_t i) const {
    const Affine a = rsycl::get_specialization_constant<affine>();
    out[i] = float(rsycl::get_specialization_constant<factor>() * int(i)) * a.scale + float(a.shift);
  }
};
RSYCL_KERNEL(Apply);

#ifndef __SYCL_DEVICE_ONLY__
// Runs Apply with the constants set (or left at their defaults) and checks every result.
static int run(sycl::queue &q, float *out, size_t n, bool set) {
  q.submit([&](sycl::handler &h) {
     if (set) {
       h.set_specialization_constant<factor>(7);
       h.set_specialization_constant<affine>(Affine{2.0f, -1});
     }
     h.parallel_for<Apply>(sycl::range<1>(n), Apply{out});
   }).wait();
  const int f = set ? 7 : 3;
  const Affine a = set ? Affine{2.0f, -1} : Affine{0.5f, 10};
  int bad = 0;
  for (size_t i = 0; i < n; i++) bad += out[i] != float(f * int(i)) * a.scale + float(a.shift);
  return bad;
}

int main() {
  sycl::queue q;
  const size_t n = 256;
  float *out = sycl::malloc_shared<float>(n, q);
  int bad = 0;
  try {
    bad += run(q, out, n, true);
    bad += run(q, out, n, false);
  } catch (const sycl::exception &e) {
    std::printf("FAIL: %s\n", e.what());
    return 1;
  }
  sycl::free(out, q);
  if (bad) {
    std::printf("FAIL: %d wrong results\n", bad);
    return 1;
  }
  std::printf("spec_const on libsycl: %zu results correct with a scalar and a struct constant set and at their defaults, on %s\n", n,
              q.get_device().get_info<sycl::info::device::name>().c_str());
  return 0;
}
#endif
