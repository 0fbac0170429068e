#pragma once

#include <sycl/sycl.hpp>

// Multiplies n floats of USM memory by factor, on q's device (a kernel of libscale.so).
void scale_on_device(sycl::queue &q, float *data, int n, float factor);
