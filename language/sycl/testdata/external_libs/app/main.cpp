#include <oneapi/dpl/algorithm>
#include <sycl/sycl.hpp>
#include <vector>

int main() { sycl::queue q; }
