// Device functions of a sycl_library, called from kernels of other TUs and libraries.
#pragma once

#include <sycl/sycl.hpp>

// 2x^2 + 3x + 1, defined in poly.cpp.
SYCL_EXTERNAL float poly(float x);

// Runs poly over data on q (a kernel of the library itself).
void poly_in_place(sycl::queue &q, float *data, size_t n);
