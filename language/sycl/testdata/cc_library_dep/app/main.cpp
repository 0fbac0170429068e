#include <cstdio>
#include "mathlib/vec.h"
#include "rng.h"
#include "third_party/mathlib/log.h"
#include <sycl/sycl.hpp>

int main() {
  sycl::queue q;
  return 0;
}
