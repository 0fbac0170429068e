#include <sycl/sycl.hpp>
#include <cassert>
int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(4, q);
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) {
    assert(i[0] != 2);
    p[i] = 1;
  }).wait();
}
