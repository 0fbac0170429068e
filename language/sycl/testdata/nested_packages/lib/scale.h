#pragma once
#include <sycl/sycl.hpp>

SYCL_EXTERNAL float scale(float x);
