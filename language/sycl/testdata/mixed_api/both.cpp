#include <sycl/sycl.hpp>
#include "rsycl/sycl_lite.h"

int main() { return 0; }
