// #include "gone.h"
#include <vector>
#include "scale.h"
#include <sycl/sycl.hpp>

int main() {
  sycl::queue q;
  return 0;
}
