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
//
// device_if (sycl_ext_oneapi_device_if): library code that uses an optional feature only
// on devices that have it; the other branches may use features the device lacks:
//
//   rsycl::if_device_has<rsycl::aspect::fp16>([&] { /* _Float16 */ })
//       .else_if_device_has<rsycl::aspect::fp64>([&] { /* double */ })
//       .otherwise([&] { /* float */ });
//
// Each branch becomes a call of an annotated conditional caller with DPC++'s condition
// expression; the propagate step lowers it to DPC++'s IR form, AOT targets keep only the
// branch their device configuration selects, JIT targets get one image per outcome
// (docs/DEVICE_IF.md).
#pragma once
#include <cstddef>
#include <type_traits>
#include "sycl_runtime.h"
// In a kernel: the work-item's global id, and the size of its work-group.
#if defined(__SYCL_DEVICE_ONLY__) && defined(__NVPTX__)
inline size_t rsycl_global_id() {
  return size_t(__nvvm_read_ptx_sreg_ctaid_x()) * __nvvm_read_ptx_sreg_ntid_x() + __nvvm_read_ptx_sreg_tid_x();
}
inline size_t rsycl_local_size() { return __nvvm_read_ptx_sreg_ntid_x(); }
#elif defined(__SYCL_DEVICE_ONLY__) && defined(__AMDGPU__)
inline size_t rsycl_global_id() {
  return size_t(__builtin_amdgcn_workgroup_id_x()) * __builtin_amdgcn_workgroup_size_x() + __builtin_amdgcn_workitem_id_x();
}
inline size_t rsycl_local_size() { return __builtin_amdgcn_workgroup_size_x(); }
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

// Specialization constants (SYCL 2020). Declare one at global namespace scope,
//   RSYCL_SPECIALIZATION_ID(coeff, int, 3);      // name, type, default
// read it in a kernel with rsycl::get_specialization_constant<coeff>(), and, with
// rsycl/sycl_dpcpp.hpp, set it through libsycl's own API before a launch:
//   q.submit([&](sycl::handler &h) { h.set_specialization_constant<coeff>(7);
//                                    h.parallel_for<K>(range, K{...}); });
// The device code reads it as DPC++'s front end writes a read
// (__sycl_getScalar2020SpecConstantValue / __sycl_getComposite2020SpecConstantValue with
// the symbolic ID "rsycl.<name>": names are unique within a program), and the rules lower
// it per target as sycl-post-link does: a SPIR-V specialization constant on JIT targets
// (spir64, intel_cpu). AOT targets read constants from a buffer that only DPC++'s front
// end passes, so a kernel that reads one builds for JIT SPIR-V targets only (the AOT step
// says so). The test runtime has no setter: kernels read the default there.
#ifdef __SYCL_DEVICE_ONLY__
template <typename T>
[[clang::sycl_external]] T __sycl_getScalar2020SpecConstantValue(const char *SymbolicID, const void *DefaultValue,
                                                                const void *RTBuffer);
template <typename T>
[[clang::sycl_external]] T __sycl_getComposite2020SpecConstantValue(const char *SymbolicID, const void *DefaultValue,
                                                                   const void *RTBuffer);
#endif

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
  static_assert(((D > 0) && ...), "a work-group size has no zero dimension");
};
template <size_t... D> inline constexpr work_group_size_key<D...> work_group_size{};
// The sub-group size the kernel must run with.
template <unsigned S> struct sub_group_size_key {
  static_assert(S > 0, "a sub-group size is not zero");
};
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

#ifdef RULES_SYCL_ASPECT_TRAITS_H
// ---- device_if -----------------------------------------------------------------------
namespace detail {
// DPC++'s condition expressions, in prefix form: an aspect leaf is (-1, aspect), an
// architecture leaf (-2, arch); NOT (-3, e), AND (-4, e1, e2), OR (-5, e1, e2).
inline constexpr int cond_aspect = -1, cond_not = -3, cond_and = -4;
template <int... I> struct cond {};
template <int... A, int... B> constexpr cond<A..., B...> cat(cond<A...>, cond<B...>) { return {}; }
// All of the aspects: (-1, a0) or AND((-1, a0), all_of<rest>).
template <aspect A, aspect... R> struct all_of {
  using type = decltype(cat(cond<cond_and, cond_aspect, static_cast<int>(A)>{}, typename all_of<R...>::type{}));
};
template <aspect A> struct all_of<A> {
  using type = cond<cond_aspect, static_cast<int>(A)>;
};
template <typename E> using not_of = decltype(cat(cond<cond_not>{}, E{}));
template <typename E1, typename E2> using and_of = decltype(cat(cat(cond<cond_and>{}, E1{}), E2{}));

// The conditional caller: calls the action only when the condition holds on the device.
// The propagate step turns every instantiation into DPC++'s declaration taking the
// action's address first, so the optimiser can neither inline nor drop the branch.
template <typename F, typename... C>
[[clang::annotate("sycl-call-if-on-device-conditionally")]] [[clang::noinline]] void call_if_on_device_conditionally(
    const F *fn, C...) {
  (*fn)();
}
template <typename F, int... C> inline void call_if(const F &fn, cond<C...>) {
#ifdef __SYCL_DEVICE_ONLY__
  call_if_on_device_conditionally(&fn, C...);
#else
  (void)fn;  // device code only
#endif
}
// What if_device_has and else_if_device_has return: Else is the condition under which
// no earlier branch ran.
template <typename Else> class if_device_has_helper {
 public:
  template <aspect A, aspect... R, typename F> auto else_if_device_has(F fn) {
    call_if(fn, and_of<Else, typename all_of<A, R...>::type>{});
    return if_device_has_helper<and_of<Else, not_of<typename all_of<A, R...>::type>>>{};
  }
  template <typename F> void otherwise(F fn) { call_if(fn, Else{}); }
};
}  // namespace detail

// Calls fn only on a device that has every aspect in A...; fn may use them.
template <aspect A, aspect... R, typename F> auto if_device_has(F fn) {
  using when = typename detail::all_of<A, R...>::type;
  detail::call_if(fn, when{});
  return detail::if_device_has_helper<detail::not_of<when>>{};
}
#endif

// A specialization constant's device-side object (RSYCL_SPECIALIZATION_ID): its default,
// laid out as sycl::specialization_id holds it, and its symbolic ID.
template <typename T, const char *Id> struct specialization_id {
  using value_type = T;
  static constexpr const char *symbolic_id = Id;
  T default_value;
};

// The value of specialization constant S in a kernel (on the host, where kernels do not
// run, the value type's default).
template <auto &S> auto get_specialization_constant() {
  using Spec = std::remove_cv_t<std::remove_reference_t<decltype(S)>>;
  using T = typename Spec::value_type;
#ifdef __SYCL_DEVICE_ONLY__
  if constexpr (__is_scalar(T))
    return __sycl_getScalar2020SpecConstantValue<T>(Spec::symbolic_id, &S, nullptr);
  else
    return __sycl_getComposite2020SpecConstantValue<T>(Spec::symbolic_id, &S, nullptr);
#else
  return T{};
#endif
}

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

// RSYCL_SPECIALIZATION_ID(name, T, default...): see "Specialization constants" above.
// With DPC++'s headers on the host (rsycl/sycl_dpcpp.hpp) the host's object is a
// sycl::specialization_id, which the handler's set_specialization_constant takes, and
// the symbolic ID is what DPC++'s integration footer would give libsycl for it.
#if defined(RSYCL_WITH_DPCPP) && !defined(__SYCL_DEVICE_ONLY__)
#define RSYCL_SPECIALIZATION_ID(name, T, ...)                                         \
  inline constexpr char rsycl_spec_id_##name[] = "rsycl." #name;                    \
  inline constexpr ::sycl::specialization_id<T> name(__VA_ARGS__);                  \
  template <>                                                                       \
  inline const char *::sycl::detail::get_spec_constant_symbolic_ID_impl<::name>() { \
    return rsycl_spec_id_##name;                                                    \
  }
#else
#define RSYCL_SPECIALIZATION_ID(name, T, ...)                      \
  inline constexpr char rsycl_spec_id_##name[] = "rsycl." #name; \
  inline constexpr ::rsycl::specialization_id<T, rsycl_spec_id_##name> name{T(__VA_ARGS__)}
#endif

#if defined(RULES_SYCL_ASPECT_TRAITS_H) && !defined(RSYCL_WITH_DPCPP)
// The extension's own spelling (not with DPC++'s headers, whose sycl namespace is its own:
// rsycl/sycl_dpcpp.hpp).
#ifndef SYCL_EXT_ONEAPI_DEVICE_IF
#define SYCL_EXT_ONEAPI_DEVICE_IF 1
#endif
namespace sycl::ext::oneapi::experimental {
using rsycl::if_device_has;
}  // namespace sycl::ext::oneapi::experimental
#endif
