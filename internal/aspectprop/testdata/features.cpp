// Kernels that use int only, double, _Float16, 64-bit atomics and mixes, through
// helpers, for the cross-check against llc's SPIR-V capabilities.
template <typename KernelName, typename KernelType>
[[clang::sycl_kernel_entry_point(KernelName)]] void kernel_entry(KernelType k) { k(); }

class KInt; class KDouble; class KHalf; class KAtomic; class KMix; class KDeep; class KIntOnlyCallsInt;

[[clang::sycl_external]] double helper_d(double x) { return x * 2.0; }
__attribute__((noinline)) _Float16 helper_h(_Float16 x) { return x + (_Float16)1; }
__attribute__((noinline)) void helper_a(long long *p) { __atomic_fetch_add(p, 1LL, __ATOMIC_RELAXED); }
__attribute__((noinline)) int helper_i(int x) { return x * 3; }
__attribute__((noinline)) void deep2(double *p) { p[0] = helper_d(p[1]); }
__attribute__((noinline)) void deep1(double *p, _Float16 *h) { deep2(p); h[0] = helper_h(h[1]); }

void launch(int *pi, double *pd, _Float16 *ph, long long *pa) {
  kernel_entry<KInt>([=]() { pi[0] += 1; });
  kernel_entry<KDouble>([=]() { pd[0] = helper_d(pd[0]); });
  kernel_entry<KHalf>([=]() { ph[0] = helper_h(ph[0]); });
  kernel_entry<KAtomic>([=]() { helper_a(pa); });
  kernel_entry<KMix>([=]() { pd[0] = helper_d(pd[1]); helper_a(pa); });
  kernel_entry<KDeep>([=]() { deep1(pd, ph); });
  kernel_entry<KIntOnlyCallsInt>([=]() { pi[0] = helper_i(pi[1]); });
}
