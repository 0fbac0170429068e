// With host_pch, <sycl/sycl.hpp> is compiled ahead of this file and would not see the
// #define below: the build refuses the TU at that line.
#define SYCL_SIMPLE_SWIZZLES
#include <sycl/sycl.hpp>

int main() {
  sycl::float4 v{1, 2, 3, 4};
  return v.xy()[0] == 1.0f ? 0 : 1;
}
