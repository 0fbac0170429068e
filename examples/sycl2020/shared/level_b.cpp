#include "examples/sycl2020/shared/levels.h"

SYCL_EXTERNAL int level_b(int v) { return v | 0xB0; }
