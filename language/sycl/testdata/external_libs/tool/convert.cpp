#include <sycl/sycl.hpp>
#include <oneapi/mkl.hpp>
#include "dpct/dpct.hpp"

int main() { sycl::queue q; }
