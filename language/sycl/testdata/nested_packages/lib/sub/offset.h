#pragma once
#include <sycl/sycl.hpp>

SYCL_EXTERNAL float offset(float x);
