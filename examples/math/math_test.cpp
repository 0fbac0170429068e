// C and C++ math in kernels, float and double, checked against the host's libm: the
// rules lower the calls to OpenCL built-ins (SPIR-V's OpenCL.std on spir64 and PoCL,
// libclc on NVIDIA and AMD GPUs). One kernel per type evaluates every function of
// math_table.h on a few inputs; the host compares within a few ulps.
#include <cstdio>
#include <cstring>

#include "examples/math/math_table.h"
#include "rsycl/sycl_lite.h"

class FloatMath;
class DoubleMath;

template <typename K, typename T> int check(const char *type, double tolerance, const char *expected_wrong) {
  T *in = static_cast<T *>(rsycl_malloc_shared(3 * kInputs * sizeof(T)));
  T *out = static_cast<T *>(rsycl_malloc_shared(kInputs * kFunctions * sizeof(T)));
  for (int i = 0; i < kInputs; i++)
    for (int w = 0; w < 3; w++) in[3 * i + w] = input<T>(i, w);
  int rc = rsycl::parallel_for<K>(kInputs, [=](size_t i) { evaluate(in, out, i); });
  if (rc == RSYCL_KERNEL_NOT_SUPPORTED) {
    std::printf("%s: not supported by this device (%s)\n", type, rsycl_last_error());
    return 0;
  }
  if (rc != RSYCL_OK) {
    std::printf("%s kernel: launch failed: %s\n", type, rsycl_last_error());
    return 1;
  }
  return compare(type, out, tolerance, expected_wrong) != 0;
}

// --expect-wrong=type:function,...: results known to be wrong on the device under test
// (docs/GPU.md: libclc's NVPTX fmod(double)); they must be wrong, and are not counted.
int main(int argc, char **argv) {
  const char *expected_wrong = "";
  for (int i = 1; i < argc; i++)
    if (std::strncmp(argv[i], "--expect-wrong=", 15) == 0) expected_wrong = argv[i] + 15;
  std::printf("device: %s\n", rsycl_device());
  int rc = check<FloatMath, float>("float", 4e-6, expected_wrong);
  return rc | check<DoubleMath, double>("double", 1e-13, expected_wrong);
}
