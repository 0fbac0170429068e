#include <sycl/sycl.hpp>
#include <cstring>
int main() {
  sycl::queue q;
  auto *p = sycl::malloc_shared<char>(8, q);
  auto *n = sycl::malloc_shared<size_t>(1, q);
  q.single_task([=] { n[0] = std::strlen(p); }).wait();
}
