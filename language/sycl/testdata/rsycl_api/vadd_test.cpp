#include <sycl/sycl.hpp>
int main() { return 0; }
