// A specialization constant read through kernel_handler: its default, then a value set
// with handler::set_specialization_constant.
#include <sycl/sycl.hpp>

#include <cstdio>

constexpr sycl::specialization_id<int> coeff(3);

int run(sycl::queue &q, bool set, int value) {
  int *out = sycl::malloc_shared<int>(4, q);
  q.submit([&](sycl::handler &h) {
     if (set) h.set_specialization_constant<coeff>(value);
     h.parallel_for(sycl::range<1>(4), [=](sycl::item<1> it, sycl::kernel_handler kh) {
       out[it] = kh.get_specialization_constant<coeff>() * int(it.get_id(0) + 1);
     });
   }).wait();
  int r = out[3];
  sycl::free(out, q);
  return r;
}

int main() {
  sycl::queue q;
  int by_default = run(q, false, 0), set7 = run(q, true, 7), set0 = run(q, true, 0);
  std::printf("default: %d (want 12), set to 7: %d (want 28), set to 0: %d (want 0)\n", by_default, set7, set0);
  return by_default == 12 && set7 == 28 && set0 == 0 ? 0 : 1;
}
