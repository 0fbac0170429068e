#include "iso.h"
extern int extra_steps();
int main() {
  sycl::queue q;
  float *d = sycl::malloc_shared<float>(4, q);
  run_kernel(q, d, 4);
  return residual(d, 4) > extra_steps();
}
