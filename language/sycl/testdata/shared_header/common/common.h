#pragma once
#include <sycl/sycl.hpp>

SYCL_EXTERNAL float common(float x);
