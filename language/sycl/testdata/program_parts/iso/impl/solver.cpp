#include "iso.h"
float residual(const float *data, int n) { return n ? data[0] : 0.0f; }
