// Kernels that need different optional device features: int only, double (fp64),
// _Float16 (fp16) and 64-bit atomics (atomic64). The PoCL CPU device runs the int and
// double kernels and refuses the others with DPC++'s kernel_not_supported messages. In
// every split mode, device_code_split = "off" included, the images are split once more by
// requirements (as the specification asks after any mode), so the int kernel never
// shares an image with one that needs fp16.
#include <cstdio>
#include <cstring>

#include "rsycl/sycl_lite.h"

class KInt;
class KDouble;
class KHalf;
class KAtomic;

static int failures;

// The outcome of one launch: its return code and the runtime's message at that time.
struct Launch {
  int rc;
  char error[256];
};

static Launch outcome(int rc) {
  Launch l{rc, {0}};
  std::snprintf(l.error, sizeof l.error, "%s", rc == RSYCL_OK ? "" : rsycl_last_error());
  return l;
}

static void expect(const char *what, const Launch &l, const char *want_error) {
  const int rc = l.rc;
  const char *got = l.error;
  if (want_error == nullptr ? rc != RSYCL_OK : std::strcmp(got, want_error) != 0) {
    std::printf("FAIL %s: rc=%d error=\"%s\", want %s\n", what, rc, got, want_error ? want_error : "success");
    failures++;
  } else {
    std::printf("ok   %s: %s\n", what, rc == RSYCL_OK ? "ran" : got);
  }
}

int main() {
  const size_t n = 256;
  int *vi = static_cast<int *>(rsycl_malloc_shared(n * sizeof(int)));
  double *vd = static_cast<double *>(rsycl_malloc_shared(n * sizeof(double)));
  _Float16 *vh = static_cast<_Float16 *>(rsycl_malloc_shared(n * sizeof(_Float16)));
  long long *counter = static_cast<long long *>(rsycl_malloc_shared(sizeof(long long)));

  Launch rc_int = outcome(rsycl::parallel_for<KInt>(n, [=](size_t i) { vi[i] = int(i) * 3; }));
  Launch rc_double = outcome(rsycl::parallel_for<KDouble>(n, [=](size_t i) { vd[i] = double(i) * 0.5; }));
  Launch rc_half = outcome(rsycl::parallel_for<KHalf>(n, [=](size_t i) { vh[i] = _Float16(i); }));
  Launch rc_atomic =
      outcome(rsycl::parallel_for<KAtomic>(n, [=](size_t) { __atomic_fetch_add(counter, 1LL, __ATOMIC_RELAXED); }));

  expect("int kernel", rc_int, nullptr);
  expect("double kernel", rc_double, nullptr);
  expect("fp16 kernel", rc_half, "Required aspect fp16 is not supported on the device");
  expect("atomic64 kernel", rc_atomic, "Required aspect atomic64 is not supported on the device");
  for (size_t i = 0; i < n && rc_int.rc == RSYCL_OK && rc_double.rc == RSYCL_OK; i++) {
    if (vi[i] != int(i) * 3 || vd[i] != double(i) * 0.5) {
      std::printf("FAIL wrong result at %zu: %d %g\n", i, vi[i], vd[i]);
      failures++;
      break;
    }
  }
  std::printf("%s\n", failures ? "FAILED" : "all expectations met");
  return failures != 0;
}
