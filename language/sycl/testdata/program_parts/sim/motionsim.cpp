#include "motionsim.hpp"
int main() {
  sycl::queue q;
  step(q);
}
