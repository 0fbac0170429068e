#pragma once
#include <sycl/sycl.hpp>

SYCL_EXTERNAL float b_fn(float x);
