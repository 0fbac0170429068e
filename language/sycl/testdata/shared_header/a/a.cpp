#include "a/a.h"
#include "common/common.h"

SYCL_EXTERNAL float a_fn(float x) { return 2 * x; }
