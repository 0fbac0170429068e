#pragma once

#include <sycl/sycl.hpp>

// Device functions of two shared libraries: liblevel_a.so's calls liblevel_b.so's.
SYCL_EXTERNAL int level_a(int v);
SYCL_EXTERNAL int level_b(int v);
