// SYCL code in a .c file, which icpx -fsycl and clang++ compile as C++ (so does
// rules_sycl), with its kernel #included from a .sycl file (textual_hdrs).
#include <sycl/sycl.hpp>

#include <cstdio>

#include "scale_kernel.sycl"

int main() {
  sycl::queue q;
  constexpr int n = 64;
  float *data = sycl::malloc_shared<float>(n, q);
  for (int i = 0; i < n; ++i)
    data[i] = float(i);
  scale(q, data, n, 2.5f);
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += data[i] != 2.5f * float(i);
  sycl::free(data, q);
  std::printf("%s\n", bad ? "FAIL" : "ok");
  return bad != 0;
}
