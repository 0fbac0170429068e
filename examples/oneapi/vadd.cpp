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
class Coeff;

namespace vadd {
// A SYCL 2020 specialization constant: its default is 3; the program sets it to 7.
inline constexpr sycl::specialization_id<int> coeff(3);
} // namespace vadd

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
  // Coeff reads vadd::coeff through its kernel_handler. The first run sets it through the
  // handler (libsycl finds its SPIR-V SpecId through the image's [SYCL/specialization
  // constants] set and sets it when it builds the program); the second run leaves the
  // default, which the SPIR-V carries.
  int *e = sycl::malloc_shared<int>(n, q);
  for (int coeff : {7, 0}) {
    q.submit([&](sycl::handler &h) {
       if (coeff) h.set_specialization_constant<vadd::coeff>(coeff);
       h.parallel_for<Coeff>(sycl::range<1>{n}, [e](sycl::item<1> it, sycl::kernel_handler kh) {
         e[it[0]] = kh.get_specialization_constant<vadd::coeff>() * int(it[0]);
       });
     }).wait();
    const int want = coeff ? coeff : 3;
    for (size_t i = 0; i < n; i++) bad += e[i] != want * int(i);
  }
  sycl::free(e, q);
  sycl::free(a, q);
  sycl::free(b, q);
  sycl::free(c, q);
  sycl::free(d, q);
  if (bad) {
    std::printf("FAIL: %d wrong results\n", bad);
    return 1;
  }
  std::printf("vadd: %zu results checked, specialization constant set and default checked, fp64 %s\n", n, q.get_device().has(sycl::aspect::fp64) ? "checked" : "not on this device");
  return 0;
}
