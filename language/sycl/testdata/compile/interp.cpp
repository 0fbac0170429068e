#include "interp.h"

[[clang::sycl_external]] float lerp(float a, float b, float t) { return a + (b - a) * t; }
