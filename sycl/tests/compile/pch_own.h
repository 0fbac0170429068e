// A header of the host_pch analysis tests' library: the PCH must not read it.
#pragma once
#include <sycl/sycl.hpp>
