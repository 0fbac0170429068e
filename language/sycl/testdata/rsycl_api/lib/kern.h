#pragma once
#include "rsycl/sycl_lite.h"
void kern();
