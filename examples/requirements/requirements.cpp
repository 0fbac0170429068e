// Requirements written in C++ and checked end to end, on the PoCL CPU device:
// - a kernel that declares device_has<fp16> is refused even though it never uses half;
// - a kernel whose _Float16 the optimiser would delete still requires fp16 (propagation
//   runs before optimisation, as the specification recommends);
// - kernels with a required work-group size or sub-group size get their own images: the
//   runtime launches the first with its work-group size and asks the device for its
//   sub-group sizes before refusing the second (PoCL has none);
// - the int kernel, which requires nothing, runs whatever the others need, in every
//   split mode (the requirement split follows any mode).
#include <cstdio>
#include <cstring>

#include "rsycl/sycl_lite.h"

class KInt;
class KDeclaresHalf;
class KDeadHalf;
class KWorkGroup64;
class KSubGroup16;
class KTooLarge;

static int failures;

static void expect(const char *what, int rc, const char *want_error) {
  const char *got = rc == RSYCL_OK ? "" : rsycl_last_error();
  if (want_error == nullptr ? rc != RSYCL_OK : std::strcmp(got, want_error) != 0) {
    std::printf("FAIL %s: rc=%d error=\"%s\", want %s\n", what, rc, got, want_error ? want_error : "success");
    failures++;
  } else {
    std::printf("ok   %s: %s\n", what, rc == RSYCL_OK ? "ran" : got);
  }
}

static void check(const char *what, const int *v, size_t n, int factor) {
  for (size_t i = 0; i < n; i++)
    if (v[i] != int(i) * factor) {
      std::printf("FAIL %s: v[%zu] = %d, want %d\n", what, i, v[i], int(i) * factor);
      failures++;
      return;
    }
}

int main() {
  using namespace rsycl;
  const size_t n = 256;
  int *a = static_cast<int *>(rsycl_malloc_shared(n * sizeof(int)));
  int *b = static_cast<int *>(rsycl_malloc_shared(n * sizeof(int)));

  expect("int kernel", parallel_for<KInt>(n, [=](size_t i) { a[i] = int(i) * 3; }), nullptr);
  check("int kernel", a, n, 3);

  expect("kernel declaring fp16, using none",
         parallel_for<KDeclaresHalf>(n, properties{device_has<aspect::fp16>}, [=](size_t i) { b[i] = int(i); }),
         "Required aspect fp16 is not supported on the device");

  expect("kernel with a dead _Float16", parallel_for<KDeadHalf>(n, [=](size_t i) {
           _Float16 unused = _Float16(i);
           (void)unused;
           b[i] = 2;
         }),
         "Required aspect fp16 is not supported on the device");

  expect("kernel requiring work-group size 64",
         parallel_for<KWorkGroup64>(n, properties{work_group_size<64>}, [=](size_t i) { b[i] = int(i) * 5; }), nullptr);
  check("kernel requiring work-group size 64", b, n, 5);

  expect("kernel requiring sub-group size 16",
         parallel_for<KSubGroup16>(n, properties{sub_group_size<16>}, [=](size_t i) { b[i] = int(i); }),
         "Sub-group size 16 is not supported on the device");

  expect("kernel requiring work-group size 65536",
         parallel_for<KTooLarge>(n, properties{work_group_size<65536>}, [=](size_t i) { b[i] = int(i); }),
         "Required work-group size 65536 is not supported on the device");

  std::printf("%s\n", failures ? "FAILED" : "all expectations met");
  return failures != 0;
}
