#include <cstdio>
#include "a/a.h"
#include "b/b.h"
#include <sycl/sycl.hpp>

int main() {
  sycl::queue q;
  return 0;
}
