// Kernels that rules_sycl compiles (upstream clang's device front end), launched by
// Intel's DPC++ runtime (libsycl) through the standard SYCL 2020 API. Link the program
// with runtime = "@sycl_dpcpp//:runtime".
//
//   #include "rsycl/sycl_dpcpp.hpp"
//
//   // A kernel is a named function object (SYCL 2020): operator()(size_t) runs once per
//   // work-item of a 1-D range. RSYCL_KERNEL goes at global scope.
//   struct Saxpy {
//     float a; const float *x; float *y;
//     void operator()(size_t i) const { y[i] = a * x[i] + y[i]; }
//   };
//   RSYCL_KERNEL(Saxpy);
//   RSYCL_KERNEL(OnlyOnGpus, rsycl::device_has<rsycl::aspect::gpu>, rsycl::sub_group_size<16>);
//
//   #ifndef __SYCL_DEVICE_ONLY__  // host code: the real <sycl/sycl.hpp>
//   int main() {
//     sycl::queue q;
//     float *x = sycl::malloc_shared<float>(n, q), *y = ...;
//     q.parallel_for<Saxpy>(sycl::range<1>(n), Saxpy{2.0f, x, y}).wait();
//   }
//   #endif
//
// RSYCL_KERNEL(K, properties...) does what DPC++'s compiler does for a kernel, in two
// halves:
//   - device compile: instantiates K's entry point (a spir_kernel named like DPC++'s,
//     _ZTS<K>, taking the function object by value as its one argument) with the
//     properties (device_has, work_group_size, sub_group_size: rsycl/sycl_lite.h), which
//     the rules turn into the image's [SYCL/device requirements];
//   - host compile: the specialization of sycl::detail::KernelInfo<K> that DPC++'s
//     integration header would hold: the kernel's name and one standard-layout argument
//     of sizeof(K) bytes at offset 0. libsycl finds the kernel among the images the
//     program's wrapper registered, checks the image's requirements against the device
//     (sycl::errc::kernel_not_supported, at submission) and sets the argument.
//
// Why the guard: the device side is compiled by upstream clang, which cannot parse
// DPC++'s headers, so host code that uses <sycl/sycl.hpp> stays under
// #ifndef __SYCL_DEVICE_ONLY__ (or in a host-only cc_library). The kernels themselves
// (function objects, RSYCL_KERNEL) are seen by both compiles.
// device_if kernels on JIT targets: launch them with rsycl::kernel_bundle<K>(q) (below).
#pragma once
#include <cstddef>
#include <cstdint>

#define RSYCL_WITH_DPCPP 1
#include "sycl_lite.h"

#ifndef __SYCL_DEVICE_ONLY__
#include <sycl/sycl.hpp>
// What DPC++'s integration footer includes after its specializations: the definition that
// looks a specialization constant's symbolic ID up (RSYCL_SPECIALIZATION_ID adds them).
#include <sycl/detail/spec_const_integration.hpp>
#endif

namespace rsycl {
namespace detail {
template <typename K, typename Properties> struct kernel_entry;
template <typename K, typename... P> struct kernel_entry<K, properties<P...>> {
  // Explicitly instantiated by RSYCL_KERNEL in the device compile: the entry point.
  static void instantiate(K k) { range_kernel<K, P...>(k); }
};

#ifndef __SYCL_DEVICE_ONLY__
// What DPC++'s integration header says of a kernel, for a function object K passed whole.
template <typename K> struct kernel_info {
  static_assert(std::is_trivially_copyable_v<K> && std::is_standard_layout_v<K>,
                "a kernel's function object is copied to the device byte for byte: it must be trivially "
                "copyable and standard-layout");
  static constexpr sycl::detail::kernel_param_desc_t param{sycl::detail::kernel_param_kind_t::kind_std_layout,
                                                           static_cast<int>(sizeof(K)), 0};
  static constexpr unsigned getNumParams() { return 1; }
  static constexpr const sycl::detail::kernel_param_desc_t &getParamDesc(int) { return param; }
  static constexpr const char *getName() { return __builtin_sycl_unique_stable_name(K); }
  static constexpr bool isESIMD() { return false; }
  static constexpr const char *getFileName() { return ""; }
  static constexpr const char *getFunctionName() { return ""; }
  static constexpr unsigned getLineNumber() { return 0; }
  static constexpr unsigned getColumnNumber() { return 0; }
  static constexpr int64_t getKernelSize() { return sizeof(K); }
};

#endif
}  // namespace detail

#ifndef __SYCL_DEVICE_ONLY__
// The name rules_sycl (and DPC++) give kernel K's entry point, e.g. "_ZTS5Saxpy".
template <typename K> constexpr const char *kernel_name() { return __builtin_sycl_unique_stable_name(K); }

// Kernel K's executable bundle for q's device. libsycl builds it from the first
// registered image whose requirements the device meets. Kernels that use device_if on a
// JIT target (spir64) need it: their images hold one variant per outcome, most capable
// first, each requiring the aspects of its outcome, whereas a plain launch takes the
// first image that holds the kernel. Use it as
//   q.submit([&](sycl::handler &h) { h.use_kernel_bundle(rsycl::kernel_bundle<K>(q));
//                                    h.parallel_for<K>(range, K{...}); });
// It throws sycl::exception (errc::invalid) when no image of K fits the device.
template <typename K> sycl::kernel_bundle<sycl::bundle_state::executable> kernel_bundle(const sycl::queue &q) {
  return sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context(), {q.get_device()},
                                                                 {sycl::get_kernel_id<K>()});
}
#endif
}  // namespace rsycl

#ifdef __SYCL_DEVICE_ONLY__
#define RSYCL_KERNEL(K, ...) \
  template struct ::rsycl::detail::kernel_entry<K, decltype(::rsycl::properties{__VA_ARGS__})>
#else
#define RSYCL_KERNEL(K, ...) \
  template <>                \
  struct sycl::detail::KernelInfo<K> : ::rsycl::detail::kernel_info<K> {}
#endif
