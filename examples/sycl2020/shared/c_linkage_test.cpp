// A kernel calls a SYCL_EXTERNAL function of C linkage that a shared library defines:
// the program's image imports it, as a C++ one, and libsycl links the library's image.
#include <sycl/sycl.hpp>

#include <cstdio>

#include "examples/sycl2020/shared/c_linkage.h"

int main() {
  sycl::queue q;
  constexpr int n = 4;
  int *out = sycl::malloc_shared<int>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = c_linkage_triple(int(i) + 1); }).wait();
  int failures = 0;
  for (int i = 0; i < n; ++i) {
    std::printf("out[%d] = %d (want %d)\n", i, out[i], 3 * (i + 1));
    failures += out[i] != 3 * (i + 1);
  }
  sycl::free(out, q);
  return failures ? 1 : 0;
}
