// SYCL_EXTERNAL functions across TUs (twice.cpp) and across libraries (poly), and a
// library's own kernel; only kernels are registered as kernels.
#include <sycl/sycl.hpp>

#include <cmath>
#include <cstdio>
#include <string>

#include "examples/sycl2020/poly/poly.h"
#include "examples/sycl2020/twice.h"

class PolyTwice;

int main() {
  sycl::queue q;
  const size_t n = 100;
  float *x = sycl::malloc_shared<float>(n, q);
  for (size_t i = 0; i < n; i++) x[i] = float(i);
  q.parallel_for<PolyTwice>(sycl::range<1>(n), [=](sycl::id<1> i) { x[i] = twice(poly(x[i])); }).wait();
  poly_in_place(q, x, n);
  int bad = 0;
  for (size_t i = 0; i < n; i++) {
    float v = float(i);
    float want = 2.0f * ((2.0f * v + 3.0f) * v + 1.0f);
    want = (2.0f * want + 3.0f) * want + 1.0f;
    // The device may contract a * b + c into fma: compare to a relative 1e-6.
    if (std::fabs(x[i] - want) > 1e-6f * std::fabs(want)) bad++, std::printf("wrong x[%zu] = %g, want %g\n", i, x[i], want);
  }
  // Exactly the program's kernels: PolyTwice and the library's lambda, each with the
  // range-rounding wrapper DPC++ adds; no SYCL_EXTERNAL function among them.
  int kernels = 0, unknown = 0;
  for (const sycl::kernel_id &k : sycl::get_kernel_ids()) {
    std::string name = k.get_name();
    kernels++;
    bool ours = name.find("PolyTwice") != std::string::npos || name.find("poly_in_place") != std::string::npos;
    if (!ours) unknown++, std::printf("not a kernel of this program: %s\n", name.c_str());
  }
  if (unknown != 0 || kernels != 4) bad++, std::printf("%d kernels (want 4), %d unknown\n", kernels, unknown);
  sycl::free(x, q);
  std::printf("%s: %zu results, %d kernels\n", bad ? "FAILED" : "external", n, kernels);
  return bad ? 1 : 0;
}
