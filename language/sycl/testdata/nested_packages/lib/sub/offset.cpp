#include "offset.h"
#include "../scale.h"

SYCL_EXTERNAL float offset(float x) { return scale(x) + 1; }
