#include "b/b.h"
#include "../common/common.h"

SYCL_EXTERNAL float b_fn(float x) { return 2 * x; }
