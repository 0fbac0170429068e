// The aspect traits of the selected targets reach host and device compiles: for pocl_cpu
// alone no device has fp16, so the fp16 kernel is not even instantiated, and the host
// code that would launch it is compiled out.
#include <cstdio>

#include "rsycl/sycl_lite.h"

class TwiceInt;
class HalfKernel;

static_assert(!rules_sycl::any_device_has_v<rules_sycl::aspect::fp16>, "pocl_cpu has no fp16");
static_assert(rules_sycl::all_devices_have_v<rules_sycl::aspect::fp64>, "pocl_cpu has fp64");
// SYCL 2020's spelling (section 4.6.4.3): trait types with ::value.
static_assert(!sycl::any_device_has<sycl::aspect::fp16>::value, "sycl::any_device_has");
static_assert(sycl::all_devices_have<sycl::aspect::fp64>::value && sycl::all_devices_have_v<sycl::aspect::fp64>,
              "sycl::all_devices_have");
static_assert(__SYCL_ANY_DEVICE_HAS_fp16__ == 0 && __SYCL_ALL_DEVICES_HAVE_fp64__ == 1, "macros");

int main() {
  int *v = static_cast<int *>(rsycl_malloc_shared(16 * sizeof(int)));
  _Float16 *h = static_cast<_Float16 *>(rsycl_malloc_shared(16 * sizeof(_Float16)));
  if constexpr (rules_sycl::any_device_has_v<rules_sycl::aspect::fp16>) {
    rsycl::parallel_for<HalfKernel>(16, [=](size_t i) { h[i] = _Float16(i); });
  }
  if (rsycl::parallel_for<TwiceInt>(16, [=](size_t i) { v[i] = 2 * int(i); }) != RSYCL_OK) {
    std::printf("launch failed: %s\n", rsycl_last_error());
    return 1;
  }
  // The guarded kernel has no image at all: it was never instantiated.
  if (rsycl_launch("_ZTS10HalfKernel", h, sizeof h, 1) != RSYCL_NO_IMAGE) {
    std::printf("the fp16 kernel must not exist: %s\n", rsycl_last_error());
    return 1;
  }
  for (int i = 0; i < 16; i++) {
    if (v[i] != 2 * i) return 1;
  }
  std::printf("traits: fp16 kernel compiled out, int kernel ran\n");
  return 0;
}
