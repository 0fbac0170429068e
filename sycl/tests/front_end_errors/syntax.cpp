#include <sycl/sycl.hpp>

int main() {
  sycl::queue q
  return 0;
}
