#include "examples/sycl2020/twice.h"

SYCL_EXTERNAL float twice(float x) { return 2.0f * x; }
