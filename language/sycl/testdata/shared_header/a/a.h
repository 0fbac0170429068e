#pragma once
#include <sycl/sycl.hpp>

SYCL_EXTERNAL float a_fn(float x);
