// Buffers, accessors and an unnamed lambda: ordinary SYCL 2020, built as it is.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <vector>

int main() {
  sycl::queue q;
  const size_t n = 1024;
  std::vector<float> a(n), b(n), c(n, -1.0f);
  for (size_t i = 0; i < n; i++) a[i] = float(i), b[i] = 2.0f * float(i);
  {
    sycl::buffer<float> A(a.data(), sycl::range<1>(n)), B(b.data(), sycl::range<1>(n)), C(c.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor x(A, h, sycl::read_only), y(B, h, sycl::read_only);
      sycl::accessor z(C, h, sycl::write_only, sycl::no_init);
      int unused = 42;  // captured, never read: DPC++ eliminates the argument
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        (void)unused;
        z[i] = x[i] + y[i] + sycl::sqrt(4.0f);
      });
    });
  }
  for (size_t i = 0; i < n; i++)
    if (c[i] != 3.0f * float(i) + 2.0f) return std::printf("wrong c[%zu] = %g\n", i, c[i]), 1;
  std::printf("vector_add: %zu results checked on %s\n", n, q.get_device().get_info<sycl::info::device::name>().c_str());
  return 0;
}
