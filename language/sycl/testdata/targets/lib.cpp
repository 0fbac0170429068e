#include <sycl/sycl.hpp>
SYCL_EXTERNAL int lib();
