#pragma once
#include <sycl/sycl.hpp>
void run_kernel(sycl::queue &q, float *data, int n);
float residual(const float *data, int n);
