#include "scale.h"

SYCL_EXTERNAL float scale(float x) { return 2 * x; }
