// device_has diagnostics from C++ source: the kernel declares it needs no optional
// feature, but calls an inline helper that uses double. Propagation runs before the
// optimiser inlines the helper, so the warning shows the whole call chain with
// file:line:col. Built by tools/tests/device_has_test.sh (a warning; an error with
// device_has_errors).
#include "rsycl/sycl_lite.h"

class KUsesDouble;

inline double twice(double x) { return 2 * x; }

RSYCL_DEVICE_HAS() float scale(float x) { return float(twice(x)); }

int main() {
  float *v = static_cast<float *>(rsycl_malloc_shared(16 * sizeof(float)));
  return rsycl::parallel_for<KUsesDouble>(16, rsycl::properties{rsycl::device_has<>}, [=](size_t i) { v[i] = scale(v[i]); });
}
