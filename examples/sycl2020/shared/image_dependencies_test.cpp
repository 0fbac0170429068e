// Device image dependencies: the program's kernel calls level_a(), a SYCL_EXTERNAL
// function of liblevel_a.so, which calls level_b() of liblevel_b.so. Each library's
// images export its functions, the program's image imports level_a, and libsycl links
// the three images when it builds the kernel.
#include <sycl/sycl.hpp>

#include <cstdio>

#include "examples/sycl2020/shared/levels.h"

int main() {
  sycl::queue q;
  constexpr int n = 4;
  int *out = sycl::malloc_shared<int>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = level_a(int(i) << 8); }).wait();
  int failures = 0;
  for (int i = 0; i < n; ++i) {
    int want = (i << 8) | 0xBA;
    std::printf("out[%d] = %#x (want %#x)\n", i, out[i], want);
    failures += out[i] != want;
  }
  sycl::free(out, q);
  return failures ? 1 : 0;
}
