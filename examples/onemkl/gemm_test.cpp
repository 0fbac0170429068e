// oneMKL's SYCL API from Intel's wheels (@onemkl//:onemkl): a matrix product with
// oneapi::mkl::blas::column_major::gemm and random numbers from oneapi::mkl::rng, on the
// queue's device (Intel's CPU OpenCL device here), checked against loops on the host.
#include <sycl/sycl.hpp>

#include <oneapi/mkl.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>

int main() {
  sycl::queue q;
  constexpr std::int64_t m = 48, n = 32, k = 40;
  double *a = sycl::malloc_shared<double>(m * k, q);
  double *b = sycl::malloc_shared<double>(k * n, q);
  double *c = sycl::malloc_shared<double>(m * n, q);
  // A and B from oneMKL's Philox generator, uniform in [-1, 1).
  oneapi::mkl::rng::philox4x32x10 engine(q, 2026);
  oneapi::mkl::rng::uniform<double> dist(-1.0, 1.0);
  oneapi::mkl::rng::generate(dist, engine, m * k, a).wait();
  oneapi::mkl::rng::generate(dist, engine, k * n, b).wait();
  for (std::int64_t i = 0; i < m * n; ++i) c[i] = 1.0;
  // C = 2 A B + 0.5 C, column-major.
  oneapi::mkl::blas::column_major::gemm(q, oneapi::mkl::transpose::nontrans, oneapi::mkl::transpose::nontrans, m, n, k,
                                        2.0, a, m, b, k, 0.5, c, m)
      .wait();
  int failures = 0;
  double max_err = 0;
  bool in_range = true;
  for (std::int64_t i = 0; i < m * k; ++i) in_range = in_range && a[i] >= -1.0 && a[i] < 1.0;
  for (std::int64_t j = 0; j < n; ++j) {
    for (std::int64_t i = 0; i < m; ++i) {
      double want = 0.5;
      for (std::int64_t p = 0; p < k; ++p) want += 2.0 * a[i + p * m] * b[p + j * k];
      double err = std::fabs(c[i + j * m] - want);
      max_err = err > max_err ? err : max_err;
      failures += err > 1e-10;
    }
  }
  std::printf("device: %s\ngemm %lldx%lldx%lld: max error %g; rng values in [-1, 1): %s\n",
              q.get_device().get_info<sycl::info::device::name>().c_str(), (long long)m, (long long)n, (long long)k, max_err,
              in_range ? "yes" : "no");
  sycl::free(a, q);
  sycl::free(b, q);
  sycl::free(c, q);
  if (failures || !in_range) return 1;
  std::printf("ok\n");
  return 0;
}
