#pragma once
#include <sycl/sycl.hpp>
#include "args.h"
