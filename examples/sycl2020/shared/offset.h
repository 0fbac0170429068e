#pragma once

#include <sycl/sycl.hpp>

// Adds twice the offset to n floats of USM memory, in work-groups of 4 (a kernel of
// liboffset.so, which calls twice() of a sycl_library it holds).
void offset_on_device(sycl::queue &q, float *data, int n, float offset);
