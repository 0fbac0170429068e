#include <sycl/sycl.hpp>
SYCL_EXTERNAL int v2();
