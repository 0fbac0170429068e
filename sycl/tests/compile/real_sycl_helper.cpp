// A second SYCL 2020 TU for the host_pch analysis tests (never built).
#include <sycl/sycl.hpp>

SYCL_EXTERNAL int helper(int x) { return x + 1; }
