#include <cstdio>
#include "kernels/axpy.hpp"
#include <sycl/sycl.hpp>

int main() {
  sycl::queue q;
  return 0;
}
