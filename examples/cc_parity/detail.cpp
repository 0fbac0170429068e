#include "detail.h"

float detail_factor() { return 2.0f; }
