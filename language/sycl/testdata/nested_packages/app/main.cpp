#include <cstdio>
#include "lib/sub/offset.h"
#include "lib/scale.h"
#include <sycl/sycl.hpp>

int main() {
  sycl::queue q;
  return 0;
}
