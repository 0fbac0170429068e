// SYCL and OpenMP in one program, built as cc_binary users write it (copts and linkopts
// -fopenmp): a kernel fills an array on the SYCL device, OpenMP threads on the host sum
// it. The SYCL host compile is clang's, whose OpenMP code calls LLVM's libomp, so the
// program links it whatever the C++ toolchain (GCC's link alone brings libgomp).
#include <sycl/sycl.hpp>

#include <omp.h>

#include <cstdio>

int main() {
  sycl::queue q;
  constexpr int n = 1000;
  int *v = sycl::malloc_shared<int>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { v[i] = 3 * int(i[0]); }).wait();
  long sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < n; ++i) sum += v[i];
  int threads = 0;
#pragma omp parallel
  {
#pragma omp single
    threads = omp_get_num_threads();
  }
  sycl::free(v, q);
  const long want = 3L * n * (n - 1) / 2;
  std::printf("sum %ld (want %ld) on %d OpenMP threads (max %d)\n", sum, want, threads, omp_get_max_threads());
  return sum == want && threads == omp_get_max_threads() ? 0 : 1;
}
