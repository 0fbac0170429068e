// The CUDA twin of kernels.cpp, compiled on the GPU machine with nvcc -O3 -arch=sm_90:
// the same kernels, sizes, block shapes, data, checks and timing (host clock around ITERS
// launches on one stream, then a synchronisation; the median of ROUNDS rounds). Prints the
// same lines as kernels.cpp.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr int kRounds = 5, kIters = 10;
constexpr size_t kN = size_t(1) << 25;
constexpr int kW = 4096, kH = 4096;
constexpr int kMaxIter = 256, kBins = 256, kTile = 16;

#define CHECK(call)                                                         \
  do {                                                                      \
    cudaError_t e = (call);                                                 \
    if (e != cudaSuccess) {                                                 \
      std::printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); \
      std::exit(1);                                                         \
    }                                                                       \
  } while (0)

template <typename F>
double median_ms(F launch) {
  launch();
  CHECK(cudaDeviceSynchronize());
  std::vector<double> rounds;
  for (int r = 0; r < kRounds; r++) {
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < kIters; i++) launch();
    CHECK(cudaDeviceSynchronize());
    rounds.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() / kIters);
  }
  std::sort(rounds.begin(), rounds.end());
  return rounds[kRounds / 2];
}

__global__ void triad_init(float *b, float *c) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  b[i] = float(i % 1000);
  c[i] = 2.0f;
}

__global__ void triad_k(float *a, const float *b, const float *c) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  a[i] = b[i] + 3.0f * c[i];
}

bool triad() {
  float *a, *b, *c;
  CHECK(cudaMalloc(&a, kN * 4));
  CHECK(cudaMalloc(&b, kN * 4));
  CHECK(cudaMalloc(&c, kN * 4));
  triad_init<<<kN / 256, 256>>>(b, c);
  double ms = median_ms([&] { triad_k<<<kN / 256, 256>>>(a, b, c); });
  std::vector<float> h(kN);
  CHECK(cudaMemcpy(h.data(), a, kN * 4, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (size_t i = 0; i < kN; i += 4099) ok &= h[i] == float(i % 1000) + 6.0f;
  cudaFree(a), cudaFree(b), cudaFree(c);
  std::printf("triad %.4f %s GB/s=%.0f\n", ms, ok ? "ok" : "WRONG", 3.0 * kN * sizeof(float) / ms / 1e6);
  return ok;
}

__global__ void mandel_k(int *out) {
  int y = blockIdx.y * blockDim.y + threadIdx.y, x = blockIdx.x * blockDim.x + threadIdx.x;
  float cr = -2.0f + 3.0f * x / kW, ci = -1.5f + 3.0f * y / kH, zr = 0, zi = 0;
  int n = 0;
  while (n < kMaxIter && zr * zr + zi * zi <= 4.0f) {
    float t = zr * zr - zi * zi + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    n++;
  }
  out[size_t(y) * kW + x] = n;
}

bool mandelbrot() {
  int *out;
  CHECK(cudaMalloc(&out, size_t(kW) * kH * 4));
  double ms = median_ms([&] { mandel_k<<<dim3(kW / 32, kH / 8), dim3(32, 8)>>>(out); });
  std::vector<int> h(size_t(kW) * kH);
  CHECK(cudaMemcpy(h.data(), out, h.size() * 4, cudaMemcpyDeviceToHost));
  bool ok = h[size_t(kH / 2) * kW + kW * 2 / 3] == kMaxIter && h[0] <= 2;
  long long sum = 0;
  for (int v : h) sum += v;
  cudaFree(out);
  std::printf("mandelbrot %.4f %s sum=%lld\n", ms, ok ? "ok" : "WRONG", sum);
  return ok;
}

__global__ void red_init(int *in) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  in[i] = int(i % 7);
}

__global__ void red_k(const int *in, unsigned long long *sum) {
  __shared__ unsigned long long warps[8];
  size_t i = (size_t(blockIdx.x) * blockDim.x + threadIdx.x) * 4;
  unsigned long long v = (unsigned long long)(in[i] + in[i + 1] + in[i + 2] + in[i + 3]);
  for (int d = 16; d > 0; d /= 2) v += __shfl_down_sync(0xffffffffu, v, d);
  if (threadIdx.x % 32 == 0) warps[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = threadIdx.x < 8 ? warps[threadIdx.x] : 0;
    for (int d = 16; d > 0; d /= 2) v += __shfl_down_sync(0xffffffffu, v, d);
    if (threadIdx.x == 0) atomicAdd(sum, v);
  }
}

bool reduction() {
  int *in;
  unsigned long long *sum;
  CHECK(cudaMalloc(&in, kN * 4));
  CHECK(cudaMalloc(&sum, 8));
  red_init<<<kN / 256, 256>>>(in);
  double ms = median_ms([&] {
    cudaMemsetAsync(sum, 0, 8);
    red_k<<<kN / 4 / 256, 256>>>(in, sum);
  });
  unsigned long long h = 0, want = 0;
  CHECK(cudaMemcpy(&h, sum, 8, cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < kN; i++) want += i % 7;
  cudaFree(in), cudaFree(sum);
  std::printf("reduction %.4f %s\n", ms, h == want ? "ok" : "WRONG");
  return h == want;
}

__global__ void stencil_init(float *in) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  in[i] = float((i * 7) % 13);
}

__device__ float at(const float *in, int y, int x) {
  y = min(max(y, 0), kH - 1), x = min(max(x, 0), kW - 1);
  return in[size_t(y) * kW + x];
}

__global__ void stencil_k(const float *in, float *out) {
  __shared__ float tile[kTile + 2][kTile + 2];
  int y = blockIdx.y * kTile + threadIdx.y, x = blockIdx.x * kTile + threadIdx.x;
  int ly = threadIdx.y + 1, lx = threadIdx.x + 1;
  tile[ly][lx] = at(in, y, x);
  if (ly == 1) tile[0][lx] = at(in, y - 1, x);
  if (ly == kTile) tile[kTile + 1][lx] = at(in, y + 1, x);
  if (lx == 1) tile[ly][0] = at(in, y, x - 1);
  if (lx == kTile) tile[ly][kTile + 1] = at(in, y, x + 1);
  __syncthreads();
  out[size_t(y) * kW + x] = 0.5f * tile[ly][lx] + 0.125f * (tile[ly - 1][lx] + tile[ly + 1][lx] + tile[ly][lx - 1] + tile[ly][lx + 1]);
}

bool stencil() {
  float *in, *out;
  size_t n = size_t(kW) * kH;
  CHECK(cudaMalloc(&in, n * 4));
  CHECK(cudaMalloc(&out, n * 4));
  stencil_init<<<n / 256, 256>>>(in);
  double ms = median_ms([&] { stencil_k<<<dim3(kW / kTile, kH / kTile), dim3(kTile, kTile)>>>(in, out); });
  std::vector<float> hi(n), ho(n);
  CHECK(cudaMemcpy(hi.data(), in, n * 4, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(ho.data(), out, n * 4, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int y = 1; y < kH - 1; y += 97)
    for (int x = 1; x < kW - 1; x += 89) {
      auto v = [&](int yy, int xx) { return hi[size_t(yy) * kW + xx]; };
      float want = 0.5f * v(y, x) + 0.125f * (v(y - 1, x) + v(y + 1, x) + v(y, x - 1) + v(y, x + 1));
      ok &= std::fabs(ho[size_t(y) * kW + x] - want) < 1e-5f;
    }
  cudaFree(in), cudaFree(out);
  std::printf("stencil %.4f %s\n", ms, ok ? "ok" : "WRONG");
  return ok;
}

__global__ void hist_init(unsigned *in) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  in[i] = unsigned((i * 2654435761u) >> 7);
}

__global__ void hist_k(const unsigned *in, unsigned *bins) {
  __shared__ unsigned local[kBins];
  unsigned l = threadIdx.x;
  local[l] = 0;
  __syncthreads();
  for (size_t k = 0; k < 16; k++) {
    size_t i = size_t(blockIdx.x) * 256 * 16 + k * 256 + l;
    atomicAdd(&local[in[i] % kBins], 1u);
  }
  __syncthreads();
  atomicAdd(&bins[l], local[l]);
}

bool histogram() {
  unsigned *in, *bins;
  CHECK(cudaMalloc(&in, kN * 4));
  CHECK(cudaMalloc(&bins, kBins * 4));
  hist_init<<<kN / 256, 256>>>(in);
  double ms = median_ms([&] {
    cudaMemsetAsync(bins, 0, kBins * 4);
    hist_k<<<kN / 16 / 256, 256>>>(in, bins);
  });
  std::vector<unsigned> h(kBins), want(kBins, 0), hin(kN);
  CHECK(cudaMemcpy(h.data(), bins, kBins * 4, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hin.data(), in, kN * 4, cudaMemcpyDeviceToHost));
  for (unsigned v : hin) want[v % kBins]++;
  cudaFree(in), cudaFree(bins);
  bool ok = h == want;
  std::printf("histogram %.4f %s\n", ms, ok ? "ok" : "WRONG");
  return ok;
}

}  // namespace

int main() {
  cudaDeviceProp p;
  CHECK(cudaGetDeviceProperties(&p, 0));
  std::printf("# device %s\n", p.name);
  bool ok = triad();
  ok &= mandelbrot();
  ok &= reduction();
  ok &= stencil();
  ok &= histogram();
  return ok ? 0 : 1;
}
