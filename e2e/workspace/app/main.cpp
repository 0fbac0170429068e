// The application: squares on the device, one line of output.
#include <cstdio>

#include "kernels/kernels.h"
#include "rsycl/sycl_lite.h"

int main() {
  const std::size_t n = 1024;
  int *sq = static_cast<int *>(rsycl_malloc_shared(n * sizeof(int)));
  if (squares(sq, n) != RSYCL_OK) {
    std::printf("launch failed: %s\n", rsycl_last_error());
    return 1;
  }
  std::printf("sq[%zu] = %d\n", n - 1, sq[n - 1]);
  return 0;
}
