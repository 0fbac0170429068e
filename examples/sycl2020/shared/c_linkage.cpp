#include "examples/sycl2020/shared/c_linkage.h"

// A SYCL_EXTERNAL function of C linkage, exported by libc_linkage.so's images.
extern "C" SYCL_EXTERNAL int c_linkage_triple(int v) { return 3 * v; }
