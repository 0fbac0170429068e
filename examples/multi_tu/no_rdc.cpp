// Two translation units with independent kernels, built without rdc: each TU's device
// code goes through its own propagate/split/AOT chain, and both kernels run.
#include <cstdio>

#include "examples/multi_tu/twice.h"
#include "rsycl/sycl_lite.h"

class Iota;

int main() {
  const size_t n = 128;
  int *v = static_cast<int *>(rsycl_malloc_shared(n * sizeof(int)));
  if (rsycl::parallel_for<Iota>(n, [=](size_t i) { v[i] = int(i); }) != RSYCL_OK || twice(v, n) != RSYCL_OK) {
    std::printf("launch failed: %s\n", rsycl_last_error());
    return 1;
  }
  for (size_t i = 0; i < n; i++) {
    if (v[i] != 2 * int(i)) return 1;
  }
  std::printf("no-rdc: kernels of two TUs ran from separate device chains\n");
  return 0;
}
