// Five real SYCL 2020 kernels for the NVIDIA performance table (docs/GPU.md): bandwidth
// (triad), compute (Mandelbrot), a work-group reduction, a stencil with local memory and
// an atomic histogram. kernels.cu is the same set in CUDA, compiled with nvcc -O3
// -arch=sm_90: the same sizes, work-group shapes, data and timing (host clock around
// ITERS launches on an in-order queue, then a wait; the median of ROUNDS rounds). Each
// result is checked on the host; a wrong one exits 1. Prints one line per kernel:
//   <kernel> <median ms per launch> <checked>
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr int kRounds = 5, kIters = 10;
constexpr size_t kN = size_t(1) << 25;       // triad, reduction, histogram elements
constexpr int kW = 4096, kH = 4096;          // Mandelbrot and stencil images
constexpr int kMaxIter = 256, kBins = 256, kTile = 16;

template <typename F>
double median_ms(sycl::queue &q, F launch) {
  launch();  // warm-up: the first launch loads the image
  q.wait();
  std::vector<double> rounds;
  for (int r = 0; r < kRounds; r++) {
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < kIters; i++) launch();
    q.wait();
    rounds.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() / kIters);
  }
  std::sort(rounds.begin(), rounds.end());
  return rounds[kRounds / 2];
}

bool triad(sycl::queue &q) {
  float *a = sycl::malloc_device<float>(kN, q), *b = sycl::malloc_device<float>(kN, q), *c = sycl::malloc_device<float>(kN, q);
  q.parallel_for(sycl::range<1>(kN), [=](sycl::id<1> i) { b[i] = float(i % 1000); c[i] = 2.0f; }).wait();
  double ms = median_ms(q, [&] {
    q.parallel_for(sycl::nd_range<1>(kN, 256), [=](sycl::nd_item<1> it) {
      size_t i = it.get_global_id(0);
      a[i] = b[i] + 3.0f * c[i];
    });
  });
  std::vector<float> h(kN);
  q.memcpy(h.data(), a, kN * sizeof(float)).wait();
  bool ok = true;
  for (size_t i = 0; i < kN; i += 4099) ok &= h[i] == float(i % 1000) + 6.0f;
  sycl::free(a, q), sycl::free(b, q), sycl::free(c, q);
  std::printf("triad %.4f %s GB/s=%.0f\n", ms, ok ? "ok" : "WRONG", 3.0 * kN * sizeof(float) / ms / 1e6);
  return ok;
}

bool mandelbrot(sycl::queue &q) {
  int *out = sycl::malloc_device<int>(size_t(kW) * kH, q);
  double ms = median_ms(q, [&] {
    q.parallel_for(sycl::nd_range<2>({kH, kW}, {8, 32}), [=](sycl::nd_item<2> it) {
      int y = it.get_global_id(0), x = it.get_global_id(1);
      float cr = -2.0f + 3.0f * x / kW, ci = -1.5f + 3.0f * y / kH, zr = 0, zi = 0;
      int n = 0;
      while (n < kMaxIter && zr * zr + zi * zi <= 4.0f) {
        float t = zr * zr - zi * zi + cr;
        zi = 2.0f * zr * zi + ci;
        zr = t;
        n++;
      }
      out[size_t(y) * kW + x] = n;
    });
  });
  std::vector<int> h(size_t(kW) * kH);
  q.memcpy(h.data(), out, h.size() * sizeof(int)).wait();
  // The origin is in the set, a far corner escapes at once.
  bool ok = h[size_t(kH / 2) * kW + kW * 2 / 3] == kMaxIter && h[0] <= 2;
  long long sum = 0;
  for (int v : h) sum += v;
  sycl::free(out, q);
  std::printf("mandelbrot %.4f %s sum=%lld\n", ms, ok ? "ok" : "WRONG", sum);
  return ok;
}

bool reduction(sycl::queue &q) {
  int *in = sycl::malloc_device<int>(kN, q);
  unsigned long long *sum = sycl::malloc_device<unsigned long long>(1, q);
  q.parallel_for(sycl::range<1>(kN), [=](sycl::id<1> i) { in[i] = int(i % 7); }).wait();
  double ms = median_ms(q, [&] {
    q.memset(sum, 0, sizeof *sum);
    q.parallel_for(sycl::nd_range<1>(kN / 4, 256), [=](sycl::nd_item<1> it) {
      size_t i = it.get_global_id(0) * 4;
      unsigned long long v = (unsigned long long)(in[i] + in[i + 1] + in[i + 2] + in[i + 3]);
      unsigned long long s = sycl::reduce_over_group(it.get_group(), v, sycl::plus<unsigned long long>());
      if (it.get_local_id(0) == 0) {
        sycl::atomic_ref<unsigned long long, sycl::memory_order::relaxed, sycl::memory_scope::device> r(*sum);
        r.fetch_add(s);
      }
    });
  });
  unsigned long long h = 0, want = 0;
  q.memcpy(&h, sum, sizeof h).wait();
  for (size_t i = 0; i < kN; i++) want += i % 7;
  sycl::free(in, q), sycl::free(sum, q);
  std::printf("reduction %.4f %s\n", ms, h == want ? "ok" : "WRONG");
  return h == want;
}

bool stencil(sycl::queue &q) {
  float *in = sycl::malloc_device<float>(size_t(kW) * kH, q), *out = sycl::malloc_device<float>(size_t(kW) * kH, q);
  q.parallel_for(sycl::range<1>(size_t(kW) * kH), [=](sycl::id<1> i) { in[i] = float((i * 7) % 13); }).wait();
  double ms = median_ms(q, [&] {
    q.submit([&](sycl::handler &h) {
      sycl::local_accessor<float, 2> tile({kTile + 2, kTile + 2}, h);
      h.parallel_for(sycl::nd_range<2>({kH, kW}, {kTile, kTile}), [=](sycl::nd_item<2> it) {
        int y = it.get_global_id(0), x = it.get_global_id(1);
        int ly = it.get_local_id(0) + 1, lx = it.get_local_id(1) + 1;
        auto at = [&](int yy, int xx) {
          yy = sycl::clamp(yy, 0, kH - 1), xx = sycl::clamp(xx, 0, kW - 1);
          return in[size_t(yy) * kW + xx];
        };
        tile[ly][lx] = at(y, x);
        if (ly == 1) tile[0][lx] = at(y - 1, x);
        if (ly == kTile) tile[kTile + 1][lx] = at(y + 1, x);
        if (lx == 1) tile[ly][0] = at(y, x - 1);
        if (lx == kTile) tile[ly][kTile + 1] = at(y, x + 1);
        sycl::group_barrier(it.get_group());
        out[size_t(y) * kW + x] = 0.5f * tile[ly][lx] + 0.125f * (tile[ly - 1][lx] + tile[ly + 1][lx] + tile[ly][lx - 1] + tile[ly][lx + 1]);
      });
    });
  });
  std::vector<float> hi(size_t(kW) * kH), ho(hi.size());
  q.memcpy(hi.data(), in, hi.size() * sizeof(float)).wait();
  q.memcpy(ho.data(), out, ho.size() * sizeof(float)).wait();
  bool ok = true;
  for (int y = 1; y < kH - 1; y += 97)
    for (int x = 1; x < kW - 1; x += 89) {
      auto v = [&](int yy, int xx) { return hi[size_t(yy) * kW + xx]; };
      float want = 0.5f * v(y, x) + 0.125f * (v(y - 1, x) + v(y + 1, x) + v(y, x - 1) + v(y, x + 1));
      ok &= std::fabs(ho[size_t(y) * kW + x] - want) < 1e-5f;
    }
  sycl::free(in, q), sycl::free(out, q);
  std::printf("stencil %.4f %s\n", ms, ok ? "ok" : "WRONG");
  return ok;
}

bool histogram(sycl::queue &q) {
  unsigned *in = sycl::malloc_device<unsigned>(kN, q), *bins = sycl::malloc_device<unsigned>(kBins, q);
  q.parallel_for(sycl::range<1>(kN), [=](sycl::id<1> i) { in[i] = unsigned((i * 2654435761u) >> 7); }).wait();
  double ms = median_ms(q, [&] {
    q.memset(bins, 0, kBins * sizeof(unsigned));
    q.submit([&](sycl::handler &h) {
      sycl::local_accessor<unsigned, 1> local(kBins, h);
      h.parallel_for(sycl::nd_range<1>(kN / 16, 256), [=](sycl::nd_item<1> it) {
        size_t l = it.get_local_id(0);
        local[l] = 0;
        sycl::group_barrier(it.get_group());
        for (size_t k = 0; k < 16; k++) {
          size_t i = it.get_group(0) * 256 * 16 + k * 256 + l;
          sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::work_group, sycl::access::address_space::local_space> b(local[in[i] % kBins]);
          b.fetch_add(1u);
        }
        sycl::group_barrier(it.get_group());
        sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::device> g(bins[l]);
        g.fetch_add(local[l]);
      });
    });
  });
  std::vector<unsigned> h(kBins), want(kBins, 0), hin(kN);
  q.memcpy(h.data(), bins, kBins * sizeof(unsigned)).wait();
  q.memcpy(hin.data(), in, kN * sizeof(unsigned)).wait();
  for (unsigned v : hin) want[v % kBins]++;
  sycl::free(in, q), sycl::free(bins, q);
  bool ok = h == want;
  std::printf("histogram %.4f %s\n", ms, ok ? "ok" : "WRONG");
  return ok;
}

}  // namespace

int main() {
  sycl::queue q{sycl::property::queue::in_order()};
  std::printf("# device %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());
  bool ok = triad(q);
  ok &= mandelbrot(q);
  ok &= reduction(q);
  ok &= stencil(q);
  ok &= histogram(q);
  return ok ? 0 : 1;
}
