#include "common/common.h"

SYCL_EXTERNAL float common(float x) { return 2 * x; }
