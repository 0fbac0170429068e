// A SYCL 2020 program as oneAPI users write it: <sycl/sycl.hpp>, a queue, USM, nd_range
// kernels with named kernel types. Its device side was compiled by DPC++'s front end
// (icpx -fsycl-device-only): vadd.dev.ll, vadd.int_header.h and vadd.int_footer.h are
// what that compile writes for this file (written by hand here, in the form icpx emits:
// no icpx runs on these machines). sycl_import compiles the host side with the
// integration header and footer; the rules do the rest of DPC++'s pipeline.
#include <cstdio>
#include <sycl/sycl.hpp>

class VAdd;
class Scale64;

int main() {
  constexpr size_t n = 256;
  sycl::queue q;
  std::printf("device: %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());
  float *a = sycl::malloc_shared<float>(n, q);
  float *b = sycl::malloc_shared<float>(n, q);
  float *c = sycl::malloc_shared<float>(n, q);
  double *d = sycl::malloc_shared<double>(n, q);
  for (size_t i = 0; i < n; i++) {
    a[i] = float(i);
    b[i] = 2.0f * float(i);
    c[i] = -1.0f;
    d[i] = 0.5 * double(i);
  }
  q.parallel_for<VAdd>(sycl::nd_range<1>{n, 16}, [a, b, c](sycl::nd_item<1> it) {
     size_t i = it.get_global_id(0);
     c[i] = a[i] + b[i];
   }).wait();
  int bad = 0;
  for (size_t i = 0; i < n; i++) bad += c[i] != 3.0f * float(i);
  // Scale64 uses double: the front end listed fp64 in its !sycl_used_aspects, so the
  // image's device requirements name fp64 and libsycl checks them against the device.
  const double f = 4.0;
  if (q.get_device().has(sycl::aspect::fp64)) {
    q.parallel_for<Scale64>(sycl::nd_range<1>{n, 16}, [d, f](sycl::nd_item<1> it) {
       size_t i = it.get_global_id(0);
       d[i] *= f;
     }).wait();
    for (size_t i = 0; i < n; i++) bad += d[i] != 2.0 * double(i);
  }
  sycl::free(a, q);
  sycl::free(b, q);
  sycl::free(c, q);
  sycl::free(d, q);
  if (bad) {
    std::printf("FAIL: %d wrong results\n", bad);
    return 1;
  }
  std::printf("vadd: %zu results checked, fp64 %s\n", n, q.get_device().has(sycl::aspect::fp64) ? "checked" : "not on this device");
  return 0;
}
