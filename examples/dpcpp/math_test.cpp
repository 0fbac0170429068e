// Device math on Intel's libsycl and its CPU OpenCL device: the functions of
// examples/math/math_table.h in float and double kernels (function objects declared with
// RSYCL_KERNEL), results checked against the host's libm. The rules lower the C math
// calls to OpenCL built-ins, which the SPIR-V carries as OpenCL.std instructions.
#include <cstdio>

#include "examples/math/math_table.h"
#include "rsycl/sycl_dpcpp.hpp"

template <typename T> struct MathKernel {
  const T *in;
  T *out;
  void operator()(size_t i) const { evaluate(in, out, i); }
};
using FloatMath = MathKernel<float>;
using DoubleMath = MathKernel<double>;
RSYCL_KERNEL(FloatMath);
RSYCL_KERNEL(DoubleMath);

#ifndef __SYCL_DEVICE_ONLY__
template <typename T> int check(sycl::queue &q, const char *type, double tolerance) {
  T *in = sycl::malloc_shared<T>(3 * kInputs, q);
  T *out = sycl::malloc_shared<T>(kInputs * kFunctions, q);
  for (int i = 0; i < kInputs; i++)
    for (int w = 0; w < 3; w++) in[3 * i + w] = input<T>(i, w);
  q.parallel_for<MathKernel<T>>(sycl::range<1>(kInputs), MathKernel<T>{in, out}).wait();
  int bad = compare(type, out, tolerance);
  sycl::free(in, q);
  sycl::free(out, q);
  return bad != 0;
}

int main() {
  sycl::queue q;
  std::printf("device: %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());
  int rc = check<float>(q, "float", 4e-6);
  if (q.get_device().has(sycl::aspect::fp64)) rc |= check<double>(q, "double", 1e-13);
  return rc;
}
#endif
