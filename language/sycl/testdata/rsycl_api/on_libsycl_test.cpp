#include "rsycl/sycl_dpcpp.hpp"
int main() { return 0; }
