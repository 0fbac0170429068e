#pragma once
#include <sycl/sycl.hpp>

SYCL_EXTERNAL float x_cfg(float x);
