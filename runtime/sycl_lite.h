// The examples' SYCL-style API on upstream clang's [[clang::sycl_kernel_entry_point]]:
// the device compile instantiates the kernel, the host compile launches it by name
// through the test runtime. With DPC++, link the real libsycl instead.
#pragma once
#include <cstddef>
#include "sycl_runtime.h"
#if defined(__SYCL_DEVICE_ONLY__) && defined(__NVPTX__)
inline size_t rsycl_global_id() {
  return size_t(__nvvm_read_ptx_sreg_ctaid_x()) * __nvvm_read_ptx_sreg_ntid_x() + __nvvm_read_ptx_sreg_tid_x();
}
#elif defined(__SYCL_DEVICE_ONLY__)
extern "C++" [[clang::sycl_external]] size_t __spirv_BuiltInGlobalInvocationId(int);
inline size_t rsycl_global_id() { return __spirv_BuiltInGlobalInvocationId(0); }
#endif
namespace rsycl {
template <typename Name, typename F>
[[clang::sycl_kernel_entry_point(Name)]] void kernel(F f) { f(); }
template <typename Name, typename F> int single_task(F f) {
#ifdef __SYCL_DEVICE_ONLY__
  kernel<Name>(f); return 0;
#else
  return rsycl_launch(__builtin_sycl_unique_stable_name(Name), &f, sizeof f, 1);
#endif
}
template <typename Name, typename F> int parallel_for(size_t n, F f) {
#ifdef __SYCL_DEVICE_ONLY__
  kernel<Name>([=]() { f(rsycl_global_id()); }); return 0;
#else
  return rsycl_launch(__builtin_sycl_unique_stable_name(Name), &f, sizeof f, n);
#endif
}
}  // namespace rsycl
