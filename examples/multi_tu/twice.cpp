// An independent kernel in its own translation unit, launched from here.
#include "examples/multi_tu/twice.h"

#include "rsycl/sycl_lite.h"

class TwiceKernel;

int twice(int *v, size_t n) {
  return rsycl::parallel_for<TwiceKernel>(n, [=](size_t i) { v[i] = 2 * v[i]; });
}
