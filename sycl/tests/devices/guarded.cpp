// A kernel template guarded by an aspect trait: instantiated only when some selected
// device target has fp16 (SYCL 2020 section 4.6.4.3).
#include "sycl_aspect_traits.h"

template <typename KernelName, typename KernelType>
[[clang::sycl_kernel_entry_point(KernelName)]] void kernel_entry(KernelType k) { k(); }

class HalfKernel;
class IntKernel;

void launch(_Float16 *h, int *i) {
  if constexpr (rules_sycl::any_device_has_v<rules_sycl::aspect::fp16>) {
    kernel_entry<HalfKernel>([=]() { h[0] = h[0] + (_Float16)1; });
  }
  kernel_entry<IntKernel>([=]() { i[0] += 1; });
}
