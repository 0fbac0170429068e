// The examples' SYCL-style API on upstream clang's [[clang::sycl_kernel_entry_point]]:
// the device compile instantiates the kernel, the host compile launches it by name
// through the test runtime. With DPC++, link the real libsycl instead.
//
// Requirements. clang-22 ignores [[sycl::device_has]], [[sycl::reqd_work_group_size]] and
// [[intel::reqd_sub_group_size]], so this header carries them as [[clang::annotate]]
// entries, which the rules' propagate step lowers to DPC++'s IR form
// (!sycl_declared_aspects, !reqd_work_group_size + !work_group_num_dim,
// !intel_reqd_sub_group_size) before propagation:
//
//   RSYCL_DEVICE_HAS(rsycl::aspect::fp16) void f();        // a device function
//   rsycl::parallel_for<K>(n, rsycl::properties{rsycl::device_has<rsycl::aspect::fp16>,
//                                               rsycl::work_group_size<64>,
//                                               rsycl::sub_group_size<16>}, lambda);
#pragma once
#include <cstddef>
#include "sycl_runtime.h"
// In a kernel: the work-item's global id, and the size of its work-group.
#if defined(__SYCL_DEVICE_ONLY__) && defined(__NVPTX__)
inline size_t rsycl_global_id() {
  return size_t(__nvvm_read_ptx_sreg_ctaid_x()) * __nvvm_read_ptx_sreg_ntid_x() + __nvvm_read_ptx_sreg_tid_x();
}
inline size_t rsycl_local_size() { return __nvvm_read_ptx_sreg_ntid_x(); }
#elif defined(__SYCL_DEVICE_ONLY__)
extern "C++" [[clang::sycl_external]] size_t __spirv_BuiltInGlobalInvocationId(int);
extern "C++" [[clang::sycl_external]] size_t __spirv_BuiltInWorkgroupSize(int);
inline size_t rsycl_global_id() { return __spirv_BuiltInGlobalInvocationId(0); }
inline size_t rsycl_local_size() { return __spirv_BuiltInWorkgroupSize(0); }
#else
inline size_t rsycl_local_size() { return 0; }  // host: not in a kernel
#endif

// [[sycl::device_has(aspects...)]] for a device function (or SYCL_EXTERNAL one): it may
// use only the listed aspects (the build warns, or fails with device_has_errors, when it
// uses another).
#define RSYCL_DEVICE_HAS(...) [[clang::annotate("sycl-device-has" __VA_OPT__(, ) __VA_ARGS__)]]

namespace rsycl {
#ifdef RULES_SYCL_ASPECT_TRAITS_H
// The aspects, numbered as DPC++ numbers them (from the generated traits header that the
// rules include in every compile).
using aspect = rules_sycl::aspect;

// Kernel properties (sycl::ext::oneapi::experimental's names): what the kernel may use.
template <aspect... A> struct device_has_key {};
template <aspect... A> inline constexpr device_has_key<A...> device_has{};
#endif
// The work-group size the kernel must be launched with (SYCL order, 1 to 3 dimensions).
template <size_t... D> struct work_group_size_key {
  static_assert(sizeof...(D) >= 1 && sizeof...(D) <= 3, "a work-group size has 1 to 3 dimensions");
};
template <size_t... D> inline constexpr work_group_size_key<D...> work_group_size{};
// The sub-group size the kernel must run with.
template <unsigned S> struct sub_group_size_key {};
template <unsigned S> inline constexpr sub_group_size_key<S> sub_group_size{};

template <typename... P> struct properties {
  constexpr properties(P...) {}
};

namespace detail {
// Each property becomes an annotated, empty function the kernel calls: the annotation
// names the kernel (its entry point's name) and carries the values.
#ifdef RULES_SYCL_ASPECT_TRAITS_H
template <typename Name, aspect... A>
[[clang::annotate("rsycl-kernel-device-has", __builtin_sycl_unique_stable_name(Name), static_cast<int>(A)...)]] inline void
mark(device_has_key<A...>) {}
#endif
template <typename Name, size_t... D>
[[clang::annotate("rsycl-kernel-reqd-work-group-size", __builtin_sycl_unique_stable_name(Name), D...)]] inline void
mark(work_group_size_key<D...>) {}
template <typename Name, unsigned S>
[[clang::annotate("rsycl-kernel-reqd-sub-group-size", __builtin_sycl_unique_stable_name(Name), S)]] inline void
mark(sub_group_size_key<S>) {}

template <typename Name, typename... P> inline void mark_all() { (mark<Name>(P{}), ...); }

template <typename Name, typename... P, typename F>
[[clang::sycl_kernel_entry_point(Name)]] void task_kernel(F f) {
  mark_all<Name, P...>();
  f();
}
template <typename Name, typename... P, typename F>
[[clang::sycl_kernel_entry_point(Name)]] void range_kernel(F f) {
  mark_all<Name, P...>();
#ifdef __SYCL_DEVICE_ONLY__
  f(rsycl_global_id());
#endif
}
}  // namespace detail

template <typename Name, typename... P, typename F> int single_task(properties<P...>, F f) {
#ifdef __SYCL_DEVICE_ONLY__
  detail::task_kernel<Name, P...>(f);
  return 0;
#else
  return rsycl_launch(__builtin_sycl_unique_stable_name(Name), &f, sizeof f, 1);
#endif
}
template <typename Name, typename F> int single_task(F f) { return single_task<Name>(properties<>{}, f); }

template <typename Name, typename... P, typename F> int parallel_for(size_t n, properties<P...>, F f) {
#ifdef __SYCL_DEVICE_ONLY__
  detail::range_kernel<Name, P...>(f);
  return 0;
#else
  return rsycl_launch(__builtin_sycl_unique_stable_name(Name), &f, sizeof f, n);
#endif
}
template <typename Name, typename F> int parallel_for(size_t n, F f) {
  return parallel_for<Name>(n, properties<>{}, f);
}
}  // namespace rsycl
