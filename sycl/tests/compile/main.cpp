// A binary TU for the compile-flag analysis tests (built, not run by them).
#include "sycl/tests/compile/lib.h"

int main() { return lib_value() == 0; }
