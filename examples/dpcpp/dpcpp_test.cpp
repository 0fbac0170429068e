// Real SYCL host code on Intel's DPC++ runtime: kernels compiled by rules_sycl (spir64
// SPIR-V), registered by the program's wrapper, listed, checked and run by libsycl on
// Intel's CPU OpenCL device. Every result is checked; exit 0 only if all checks pass.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "rsycl/sycl_dpcpp.hpp"

struct Saxpy {
  float a;
  const float *x;
  float *y;
  void operator()(size_t i) const { y[i] = a * x[i] + y[i]; }
};
struct Square {
  int *out;
  void operator()(size_t i) const { out[i] = int(i) * int(i); }
};
struct Fp64Scale {  // uses fp64: its image requires the fp64 aspect
  double *d;
  void operator()(size_t i) const { d[i] = d[i] * 0.5 + 1.0; }
};
struct Fp16Add {  // uses fp16
  _Float16 *h;
  void operator()(size_t i) const { h[i] = h[i] + (_Float16)1; }
};
struct SubGroup16 {
  int *out;
  void operator()(size_t i) const { out[i] = 16; }
};
struct WorkGroup64 {
  int *out;
  void operator()(size_t i) const { out[i] = 64; }
};
struct Atomic64Count {  // 64-bit atomics: its image requires atomic64
  unsigned long long *counter;
  void operator()(size_t i) const { __atomic_fetch_add(counter, (unsigned long long)i, __ATOMIC_RELAXED); }
};
// DPC++ 2026 renumbered sycl::aspect: these run (or not) only if the images' requirements
// are written in the runtime's numbers. ext_oneapi_native_assert is 31 in the older
// numbering, where 2026's 31 is host_debuggable, which this device lacks.
struct NeedsNativeAssert {
  int *out;
  void operator()(size_t i) const { out[i] = 5; }
};
struct NeedsHostDebuggable {
  int *out;
  void operator()(size_t i) const { out[i] = 6; }
};
// What Intel's CPU device cannot run: each image's [SYCL/device requirements] says why.
struct OnlyOnGpus {
  int *out;
  void operator()(size_t i) const { out[i] = 1; }
};
struct SubGroup128 {
  int *out;
  void operator()(size_t i) const { out[i] = 2; }
};
struct WorkGroup16384 {
  int *out;
  void operator()(size_t i) const { out[i] = 3; }
};

RSYCL_KERNEL(Saxpy);
RSYCL_KERNEL(Square);
RSYCL_KERNEL(Fp64Scale);
RSYCL_KERNEL(Fp16Add);
RSYCL_KERNEL(SubGroup16, rsycl::sub_group_size<16>);
RSYCL_KERNEL(WorkGroup64, rsycl::work_group_size<64>);
RSYCL_KERNEL(Atomic64Count);
RSYCL_KERNEL(NeedsNativeAssert, rsycl::device_has<rsycl::aspect::ext_oneapi_native_assert>);
RSYCL_KERNEL(NeedsHostDebuggable, rsycl::device_has<rsycl::aspect::host_debuggable>);
RSYCL_KERNEL(OnlyOnGpus, rsycl::device_has<rsycl::aspect::gpu>);
RSYCL_KERNEL(SubGroup128, rsycl::sub_group_size<128>);
RSYCL_KERNEL(WorkGroup16384, rsycl::work_group_size<16384>);

#ifndef __SYCL_DEVICE_ONLY__
static int failures = 0;
#define CHECK(cond, ...)                 \
  do {                                   \
    if (!(cond)) {                       \
      std::printf("FAIL: " __VA_ARGS__); \
      std::printf("\n");                 \
      failures++;                        \
    }                                    \
  } while (0)

// The submission itself must throw kernel_not_supported (synchronously, before any
// wait), with libsycl's message naming the requirement.
template <typename K>
static void expect_not_supported(sycl::queue &q, size_t n, int *out, const char *why) {
  CHECK(!sycl::is_compatible({sycl::get_kernel_id<K>()}, q.get_device()), "%s: is_compatible says yes",
        rsycl::kernel_name<K>());
  try {
    sycl::event e = q.parallel_for<K>(sycl::range<1>(n), K{out});
    e.wait();
    CHECK(false, "%s ran on a device its requirements exclude", rsycl::kernel_name<K>());
  } catch (const sycl::exception &e) {
    CHECK(e.code() == sycl::errc::kernel_not_supported, "%s: errc %d, want kernel_not_supported: %s",
          rsycl::kernel_name<K>(), e.code().value(), e.what());
    CHECK(std::strstr(e.what(), why) != nullptr, "%s: message '%s' lacks '%s'", rsycl::kernel_name<K>(), e.what(), why);
    std::printf("%s: kernel_not_supported: %s\n", rsycl::kernel_name<K>(), e.what());
  }
}

int main() {
  sycl::queue q;
  sycl::device dev = q.get_device();
  std::printf("device: %s (%s)\n", dev.get_info<sycl::info::device::name>().c_str(),
              dev.get_platform().get_info<sycl::info::platform::name>().c_str());

  // 1. libsycl lists exactly the kernels the wrapper registered. Built for the intel_cpu
  // target, the filter has already dropped the images whose aspects or sub-group size the
  // device configuration excludes: the kernels libsycl refuses below on spir64.
  std::vector<std::string> got;
  for (const sycl::kernel_id &id : sycl::get_kernel_ids()) got.push_back(id.get_name());
  const std::vector<std::string> filtered = {rsycl::kernel_name<OnlyOnGpus>(), rsycl::kernel_name<SubGroup128>(),
                                             rsycl::kernel_name<NeedsHostDebuggable>()};
  std::vector<std::string> want = {
      rsycl::kernel_name<Saxpy>(),       rsycl::kernel_name<Square>(),      rsycl::kernel_name<Fp64Scale>(),
      rsycl::kernel_name<Fp16Add>(),     rsycl::kernel_name<SubGroup16>(),  rsycl::kernel_name<WorkGroup64>(),
      rsycl::kernel_name<OnlyOnGpus>(),  rsycl::kernel_name<SubGroup128>(), rsycl::kernel_name<WorkGroup16384>(),
      rsycl::kernel_name<Atomic64Count>(), rsycl::kernel_name<NeedsNativeAssert>(),
      rsycl::kernel_name<NeedsHostDebuggable>()};
#ifdef RSYCL_TARGET_INTEL_CPU
  for (const std::string &f : filtered) want.erase(std::find(want.begin(), want.end(), f));
  for (const sycl::kernel_id &id : sycl::get_kernel_ids()) {
    CHECK(sycl::is_compatible({id}, dev) || std::string(id.get_name()) == rsycl::kernel_name<WorkGroup16384>(),
          "%s: kept by the intel_cpu filter, refused by libsycl", id.get_name());
  }
#endif
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  CHECK(got == want, "get_kernel_ids() lists %zu kernels, want %zu", got.size(), want.size());
  std::printf("get_kernel_ids(): %zu kernels\n", got.size());

  // 2. The spir64 SPIR-V images run, results checked.
  const size_t n = 16384;
  float *x = sycl::malloc_shared<float>(n, q), *y = sycl::malloc_shared<float>(n, q);
  int *ints = sycl::malloc_shared<int>(n, q);
  double *d = sycl::malloc_shared<double>(n, q);
  _Float16 *h = sycl::malloc_shared<_Float16>(n, q);
  for (size_t i = 0; i < n; i++) {
    x[i] = float(i);
    y[i] = 1.0f;
    d[i] = double(i);
    h[i] = (_Float16)(i % 64);
  }
  q.parallel_for<Saxpy>(sycl::range<1>(n), Saxpy{2.0f, x, y}).wait();
  for (size_t i = 0; i < n; i++) CHECK(y[i] == 2.0f * float(i) + 1.0f, "saxpy y[%zu] = %g", i, y[i]);
  q.parallel_for<Square>(sycl::range<1>(n), Square{ints}).wait();
  for (size_t i = 0; i < n; i++) CHECK(ints[i] == int(i) * int(i), "square[%zu] = %d", i, ints[i]);
  q.parallel_for<Fp64Scale>(sycl::range<1>(n), Fp64Scale{d}).wait();
  for (size_t i = 0; i < n; i++) CHECK(d[i] == double(i) * 0.5 + 1.0, "fp64[%zu] = %g", i, d[i]);
  q.parallel_for<Fp16Add>(sycl::range<1>(n), Fp16Add{h}).wait();
  for (size_t i = 0; i < n; i++) CHECK(float(h[i]) == float(i % 64 + 1), "fp16[%zu] = %g", i, float(h[i]));
  q.parallel_for<SubGroup16>(sycl::range<1>(n), SubGroup16{ints}).wait();
  for (size_t i = 0; i < n; i++) CHECK(ints[i] == 16, "sub_group_size<16>[%zu] = %d", i, ints[i]);
  q.parallel_for<WorkGroup64>(sycl::range<1>(n), WorkGroup64{ints}).wait();
  for (size_t i = 0; i < n; i++) CHECK(ints[i] == 64, "work_group_size<64>[%zu] = %d", i, ints[i]);
  unsigned long long *counter = sycl::malloc_shared<unsigned long long>(1, q);
  *counter = 0;
  q.parallel_for<Atomic64Count>(sycl::range<1>(n), Atomic64Count{counter}).wait();
  CHECK(*counter == (unsigned long long)n * (n - 1) / 2, "atomic64 sum = %llu", *counter);
  q.parallel_for<NeedsNativeAssert>(sycl::range<1>(n), NeedsNativeAssert{ints}).wait();
  for (size_t i = 0; i < n; i++) CHECK(ints[i] == 5, "device_has<ext_oneapi_native_assert>[%zu] = %d", i, ints[i]);
  sycl::free(counter, q);
  std::printf("8 kernels ran, every result checked\n");

  // 3. libsycl enforces the requirements rules_sycl wrote: kernel_not_supported, at
  // submission; the program's other kernels still run afterwards.
  for (size_t i = 0; i < n; i++) ints[i] = -1;
#ifndef RSYCL_TARGET_INTEL_CPU
  expect_not_supported<OnlyOnGpus>(q, n, ints, "Required aspect gpu is not supported on the device");
  expect_not_supported<SubGroup128>(q, n, ints, "Sub-group size 128 is not supported on the device");
  expect_not_supported<NeedsHostDebuggable>(q, n, ints, "Required aspect host_debuggable is not supported on the device");
#endif
  // Device configurations say nothing of work-group limits (the specification's filter
  // checks aspects and sub-group sizes), so this image is kept for intel_cpu too and
  // libsycl refuses it at submission.
  expect_not_supported<WorkGroup16384>(q, n, ints, "Required work-group size 16384 is not supported");
  for (size_t i = 0; i < n; i++) CHECK(ints[i] == -1, "a rejected kernel wrote out[%zu] = %d", i, ints[i]);
  q.parallel_for<Square>(sycl::range<1>(n), Square{ints}).wait();
  for (size_t i = 0; i < n; i++) CHECK(ints[i] == int(i) * int(i), "square after rejections[%zu] = %d", i, ints[i]);

  for (void *p : {(void *)x, (void *)y, (void *)ints, (void *)d, (void *)h}) sycl::free(p, q);
  std::printf("%s: %d failures\n", failures ? "FAILED" : "PASSED", failures);
  return failures ? 1 : 0;
}
#endif
