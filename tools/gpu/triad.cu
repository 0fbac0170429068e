// The CUDA twin of triad.cpp, compiled on the GPU machine with nvcc -O3 -arch=sm_90: the
// same kernels, the same launch shape (the largest block of at most 1024 threads that
// divides n, as the rsycl runtime chooses) and the same timing (host clock around each
// launch and its synchronisation). Prints the same line as triad.cpp, with "nvcc".
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

__global__ void fill(double *a, double *b, double *c) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  a[i] = 0;
  b[i] = double(i);
  c[i] = double(2 * i);
}

__global__ void triad(double *a, const double *b, const double *c, double s) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  a[i] = b[i] + s * c[i];
}

static double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

#define CHECK(call)                                                             \
  do {                                                                          \
    cudaError_t e = (call);                                                     \
    if (e != cudaSuccess) {                                                     \
      std::printf("FAIL %s: %s\n", #call, cudaGetErrorString(e));               \
      return 1;                                                                 \
    }                                                                           \
  } while (0)

int main(int argc, char **argv) {
  size_t n = size_t(1) << 27;
  int iterations = 20;
  for (int i = 1; i < argc; i++) {
    if (std::strncmp(argv[i], "--n=", 4) == 0) n = std::strtoull(argv[i] + 4, nullptr, 10);
    else if (std::strncmp(argv[i], "--iterations=", 13) == 0) iterations = std::atoi(argv[i] + 13);
  }
  size_t block = std::min<size_t>(n, 1024);
  while (n % block) block--;
  const unsigned grid = unsigned(n / block);
  double *a, *b, *c;
  CHECK(cudaFree(0));  // the context, as rsycl_malloc_device creates it before timing
  CHECK(cudaMalloc(&a, n * sizeof(double)));
  CHECK(cudaMalloc(&b, n * sizeof(double)));
  CHECK(cudaMalloc(&c, n * sizeof(double)));
  auto t0 = std::chrono::steady_clock::now();
  fill<<<grid, block>>>(a, b, c);
  CHECK(cudaDeviceSynchronize());
  const double first_fill = ms_since(t0);
  const double s = 3.0;
  t0 = std::chrono::steady_clock::now();
  triad<<<grid, block>>>(a, b, c, s);
  CHECK(cudaDeviceSynchronize());
  const double first = ms_since(t0);
  std::vector<double> times;
  for (int k = 0; k < iterations; k++) {
    t0 = std::chrono::steady_clock::now();
    triad<<<grid, block>>>(a, b, c, s);
    CHECK(cudaDeviceSynchronize());
    times.push_back(ms_since(t0));
  }
  std::sort(times.begin(), times.end());
  const double best = times.front(), median = times[times.size() / 2];
  std::vector<double> host(n);
  CHECK(cudaMemcpy(host.data(), a, n * sizeof(double), cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < n; i++) {
    if (host[i] != double(i) + 3.0 * double(2 * i)) {
      std::printf("FAIL a[%zu] = %.17g\n", i, host[i]);
      return 1;
    }
  }
  const double bytes = 3.0 * sizeof(double) * double(n);
  std::printf("triad nvcc n=%zu bytes=%.0f first_fill_ms=%.3f first_ms=%.3f steady_ms=%.3f best_gbs=%.1f median_gbs=%.1f\n",
              n, bytes, first_fill, first, median, bytes / best / 1e6, bytes / median / 1e6);
  return 0;
}
