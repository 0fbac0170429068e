// Ordinary SYCL 2020, built as it is by rules_sycl with DPC++'s front end and run by
// Intel's libsycl: every kernel's result is checked on the host.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

namespace {

int failures = 0;

void check(bool ok, const char *what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what);
    failures++;
  } else {
    std::printf("ok: %s\n", what);
  }
}

bool close(double a, double b, double tol) { return std::fabs(a - b) <= tol * (1.0 + std::fabs(b)); }

// A kernel as a named function object.
struct Scale {
  sycl::accessor<int, 1, sycl::access_mode::read_write> data;
  int factor;
  void operator()(sycl::item<1> it) const { data[it] *= factor; }
};

class NamedIota;
class Ranged;
class Tiled;
class SubGroupSum;
class Atomics;
class Doubles;
class Halves;
class MathK;
class Fixed;

}  // namespace

int main() {
  sycl::queue q;
  const size_t n = 256;

  // Buffers and accessors: write (named lambda), read_write (functor), ranged access.
  std::vector<int> v(n, 0);
  {
    sycl::buffer<int> buf(v.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor out(buf, h, sycl::write_only, sycl::no_init);
      h.parallel_for<NamedIota>(sycl::range<1>(n), [=](sycl::item<1> it) { out[it] = int(it.get_linear_id()); });
    });
    q.submit([&](sycl::handler &h) {
      Scale s{sycl::accessor<int, 1, sycl::access_mode::read_write>(buf, h), 3};
      h.parallel_for(sycl::range<1>(n), s);
    });
    // A ranged accessor: the second half only, offset 128.
    q.submit([&](sycl::handler &h) {
      sycl::accessor part(buf, h, sycl::range<1>(n / 2), sycl::id<1>(n / 2), sycl::read_write);
      h.parallel_for<Ranged>(sycl::range<1>(n / 2), [=](sycl::id<1> i) { part[i] += 1; });
    });
  }
  bool ok = true;
  for (size_t i = 0; i < n; i++) ok &= v[i] == int(3 * i + (i >= n / 2 ? 1 : 0));
  check(ok, "buffers: write_only (named lambda), read_write (functor), ranged accessor");

  // USM: device, shared and host allocations; an unnamed lambda through the queue.
  int *dev = sycl::malloc_device<int>(n, q);
  int *shared = sycl::malloc_shared<int>(n, q);
  int *host = sycl::malloc_host<int>(n, q);
  for (size_t i = 0; i < n; i++) host[i] = int(i);
  q.memcpy(dev, host, n * sizeof(int)).wait();
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { shared[i] = dev[i] * 2 + host[i]; }).wait();
  ok = true;
  for (size_t i = 0; i < n; i++) ok &= shared[i] == int(3 * i);
  check(ok, "USM: malloc_device, malloc_shared, malloc_host");

  // nd_range with local memory and group_barrier: each work-group reverses its tile.
  const size_t wg = 16;
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> tile(sycl::range<1>(wg), h);
     h.parallel_for<Tiled>(sycl::nd_range<1>(sycl::range<1>(n), sycl::range<1>(wg)), [=](sycl::nd_item<1> it) {
       size_t l = it.get_local_id(0);
       tile[l] = shared[it.get_global_id(0)];
       sycl::group_barrier(it.get_group());
       dev[it.get_global_id(0)] = tile[wg - 1 - l];
     });
   }).wait();
  std::vector<int> back(n);
  q.memcpy(back.data(), dev, n * sizeof(int)).wait();
  ok = true;
  for (size_t i = 0; i < n; i++) ok &= back[i] == shared[(i / wg) * wg + (wg - 1 - i % wg)];
  check(ok, "nd_range, nd_item, local_accessor, group_barrier");

  // Sub-group and work-group collectives.
  int *sums = sycl::malloc_shared<int>(n, q);
  q.parallel_for<SubGroupSum>(sycl::nd_range<1>(sycl::range<1>(n), sycl::range<1>(wg)), [=](sycl::nd_item<1> it) {
     sycl::sub_group sg = it.get_sub_group();
     int x = int(it.get_global_id(0));
     int sg_sum = sycl::reduce_over_group(sg, x, sycl::plus<int>());
     int sg_first = sycl::group_broadcast(sg, x, 0);
     int wg_max = sycl::reduce_over_group(it.get_group(), x, sycl::maximum<int>());
     sums[it.get_global_id(0)] = (sg_sum - sg_first * int(sg.get_local_range()[0])) + wg_max * 0 +
                                 (wg_max == int((it.get_group(0) + 1) * wg - 1) ? 0 : 1000000);
   }).wait();
  // Each sub-group of size S starting at f: sum(f..f+S-1) - f*S = S*(S-1)/2.
  ok = true;
  for (size_t i = 0; i < n; i++) ok &= sums[i] >= 0 && sums[i] < 1000000;
  check(ok, "sub_group reduce_over_group and group_broadcast, work-group reduce_over_group");

  // sycl::reduction: a sum and a maximum in one kernel.
  int *sum = sycl::malloc_shared<int>(1, q);
  int *max = sycl::malloc_shared<int>(1, q);
  *sum = 0;
  *max = 0;
  q.submit([&](sycl::handler &h) {
     h.parallel_for(sycl::range<1>(n), sycl::reduction(sum, sycl::plus<int>()), sycl::reduction(max, sycl::maximum<int>()),
                    [=](sycl::id<1> i, auto &s, auto &m) {
                      s += host[i];
                      m.combine(host[i] * 7 % 101);
                    });
   }).wait();
  int want_max = 0;
  for (size_t i = 0; i < n; i++) want_max = std::max(want_max, int(i * 7 % 101));
  check(*sum == int(n * (n - 1) / 2) && *max == want_max, "sycl::reduction: sum and maximum");

  // atomic_ref: 32- and 64-bit.
  unsigned *count = sycl::malloc_shared<unsigned>(1, q);
  unsigned long long *big = sycl::malloc_shared<unsigned long long>(1, q);
  *count = 0;
  *big = 0;
  q.parallel_for<Atomics>(sycl::range<1>(n), [=](sycl::id<1> i) {
     sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::device> c(*count);
     sycl::atomic_ref<unsigned long long, sycl::memory_order::relaxed, sycl::memory_scope::device> b(*big);
     c.fetch_add(1u);
     b.fetch_add(1ull << 33);
   }).wait();
  check(*count == n && *big == (unsigned long long)n << 33, "atomic_ref: 32-bit and 64-bit fetch_add");

  // double and half kernels (the device has fp64 and fp16).
  double *d = sycl::malloc_shared<double>(n, q);
  sycl::half *hv = sycl::malloc_shared<sycl::half>(n, q);
  q.parallel_for<Doubles>(sycl::range<1>(n), [=](sycl::id<1> i) { d[i] = double(i) / 3.0; }).wait();
  q.parallel_for<Halves>(sycl::range<1>(n), [=](sycl::id<1> i) { hv[i] = sycl::half(float(i % 64)) * sycl::half(0.5f); }).wait();
  ok = true;
  for (size_t i = 0; i < n; i++) ok &= close(d[i], double(i) / 3.0, 1e-15) && float(hv[i]) == float(i % 64) * 0.5f;
  check(ok, "double and half kernels");

  // Math: sycl:: and std:: functions, float and double.
  float *f = sycl::malloc_shared<float>(8 * n, q);
  double *g = sycl::malloc_shared<double>(2 * n, q);
  q.parallel_for<MathK>(sycl::range<1>(n), [=](sycl::id<1> id) {
     size_t i = id[0];
     float x = float(i) / float(n);
     f[8 * i + 0] = sycl::sin(x);
     f[8 * i + 1] = sycl::exp(x);
     f[8 * i + 2] = sycl::sqrt(x);
     f[8 * i + 3] = sycl::pow(x + 1.0f, 1.5f);
     f[8 * i + 4] = sycl::erf(x);
     f[8 * i + 5] = sycl::fma(x, 2.0f, 1.0f);
     f[8 * i + 6] = std::sin(x) + std::exp(x);
     f[8 * i + 7] = std::erf(x) + std::pow(x, 2.0f);
     g[2 * i + 0] = std::sqrt(double(x)) + std::fma(double(x), 3.0, 1.0);
     g[2 * i + 1] = sycl::erf(double(x));
   }).wait();
  ok = true;
  for (size_t i = 0; i < n; i++) {
    float x = float(i) / float(n);
    ok &= close(f[8 * i + 0], std::sin(x), 1e-5) && close(f[8 * i + 1], std::exp(x), 1e-5) &&
          close(f[8 * i + 2], std::sqrt(x), 1e-5) && close(f[8 * i + 3], std::pow(x + 1.0f, 1.5f), 1e-5) &&
          close(f[8 * i + 4], std::erf(x), 1e-5) && close(f[8 * i + 5], x * 2.0f + 1.0f, 1e-6) &&
          close(f[8 * i + 6], std::sin(x) + std::exp(x), 1e-5) && close(f[8 * i + 7], std::erf(x) + x * x, 1e-5) &&
          close(g[2 * i + 0], std::sqrt(double(x)) + double(x) * 3.0 + 1.0, 1e-12) && close(g[2 * i + 1], std::erf(double(x)), 1e-12);
  }
  check(ok, "math: sin, exp, sqrt, pow, erf, fma (sycl:: and std::, float and double)");

  // reqd_work_group_size: launched with its size, refused with another.
  auto fixed = [=](sycl::nd_item<1> it) [[sycl::reqd_work_group_size(16)]] {
    shared[it.get_global_id(0)] = int(it.get_local_range(0));
  };
  q.parallel_for<Fixed>(sycl::nd_range<1>(sycl::range<1>(n), sycl::range<1>(wg)), fixed).wait();
  ok = true;
  for (size_t i = 0; i < n; i++) ok &= shared[i] == int(wg);
  bool refused = false;
  try {
    q.parallel_for<Fixed>(sycl::nd_range<1>(sycl::range<1>(n), sycl::range<1>(32)), fixed).wait();
  } catch (const sycl::exception &e) {
    refused = e.code() == sycl::errc::nd_range;
  }
  check(ok && refused, "reqd_work_group_size(16): runs with 16, nd_range error with 32");

  // The kernels libsycl knows are exactly the program's (no SYCL_EXTERNAL helpers).
  std::vector<sycl::kernel_id> ids = sycl::get_kernel_ids();
  bool named = false;
  for (const sycl::kernel_id &k : ids) named |= std::string(k.get_name()).find("NamedIota") != std::string::npos;
  check(named && ids.size() >= 10, "sycl::get_kernel_ids lists the kernels");

  for (void *p : {(void *)dev, (void *)shared, (void *)host, (void *)sums, (void *)sum, (void *)max, (void *)count, (void *)big,
                  (void *)d, (void *)hv, (void *)f, (void *)g})
    sycl::free(p, q);
  std::printf("%s: %d failures\n", failures ? "FAILED" : "features", failures);
  return failures ? 1 : 0;
}
