#pragma once

#include <sycl/sycl.hpp>

// A device function of C linkage in a shared library (as a C API for device code would
// declare it): its name is not mangled, like a C library function's.
extern "C" SYCL_EXTERNAL int c_linkage_triple(int v);
