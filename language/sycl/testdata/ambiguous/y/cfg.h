#pragma once
#include <sycl/sycl.hpp>

SYCL_EXTERNAL float y_cfg(float x);
