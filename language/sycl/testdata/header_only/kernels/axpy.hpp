#pragma once
#include <sycl/sycl.hpp>
#include "kernels/params.h"

template <typename T> SYCL_EXTERNAL T axpy(T a, T x, T y) { return a * x + y; }
