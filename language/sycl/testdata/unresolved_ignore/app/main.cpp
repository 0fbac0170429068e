#include <cstdio>
#include "missing.h"
#include <sycl/sycl.hpp>

int main() {
  sycl::queue q;
  return 0;
}
