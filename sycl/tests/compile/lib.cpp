// A library TU for the compile-flag analysis tests (never run).
#include "sycl/tests/compile/lib.h"

int lib_value() { return LIB_VALUE; }
