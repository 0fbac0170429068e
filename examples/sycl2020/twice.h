#pragma once

#include <sycl/sycl.hpp>

SYCL_EXTERNAL float twice(float x);
