#include "examples/sycl2020/shared/levels.h"

SYCL_EXTERNAL int level_a(int v) { return level_b(v) | 0x0A; }
