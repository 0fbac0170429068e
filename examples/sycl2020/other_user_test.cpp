// A second program using the poly library: the library's device code is linked into each
// program's images.
#include <sycl/sycl.hpp>

#include <cstdio>

#include "examples/sycl2020/poly/poly.h"

int main() {
  sycl::queue q;
  float *x = sycl::malloc_shared<float>(10, q);
  for (int i = 0; i < 10; i++) x[i] = float(i);
  poly_in_place(q, x, 10);
  for (int i = 0; i < 10; i++)
    if (x[i] != (2.0f * i + 3.0f) * i + 1.0f) return std::printf("wrong x[%d] = %g\n", i, x[i]), 1;
  sycl::free(x, q);
  std::printf("other_user: 10 results checked\n");
  return 0;
}
