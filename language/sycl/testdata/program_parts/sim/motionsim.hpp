#pragma once
#include <sycl/sycl.hpp>
void step(sycl::queue &q);
