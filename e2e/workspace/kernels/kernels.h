// SYCL kernels of the end-to-end workspace: the host functions that launch them.
#pragma once
#include <cstddef>

// y[i] = a * x[i] + y[i] on the device; returns RSYCL_OK or an error code.
int saxpy(float a, const float *x, float *y, std::size_t n);
// out[i] = i * i (ints) on the device.
int squares(int *out, std::size_t n);
