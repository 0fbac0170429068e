// device_if (sycl_ext_oneapi_device_if): a library function that uses fp16 or fp64 only
// where the device has them. Each kernel records which branch ran; the program checks it
// against --expect=fp16|fp64|fallback (what the device should take):
//   - "chain":     if_device_has<fp16> / else_if_device_has<fp64> / otherwise;
//   - "fp16 only": if_device_has<fp16> / otherwise (the fallback where fp16 is missing);
//   - "fp64 only": if_device_has<fp64> / otherwise (--expect-fp64-only=fp64|fallback);
// and a kernel that uses _Float16 outside any condition, which a device without fp16
// refuses (--expect-unconditional-fp16=refused|runs).
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "rsycl/sycl_lite.h"

namespace exp1 = sycl::ext::oneapi::experimental;
using rsycl::aspect;

enum Branch { kNone = 0, kFp16 = 16, kFp64 = 64, kFallback = 32 };

// Library code: the caller does not know which optional features it uses.
inline void scale_chain(float *out, size_t i) {
  exp1::if_device_has<aspect::fp16>([&] {
    _Float16 h = _Float16(float(i));
    out[i] = float(h * _Float16(2.0f));
    out[0] = kFp16;
  }).else_if_device_has<aspect::fp64>([&] {
    double d = double(i);
    out[i] = float(d * 2.0);
    out[0] = kFp64;
  }).otherwise([&] {
    out[i] = float(i) * 2.0f;
    out[0] = kFallback;
  });
}

inline void scale_fp16_or_not(float *out, size_t i) {
  rsycl::if_device_has<aspect::fp16>([&] {
    out[i] = float(_Float16(float(i)) * _Float16(3.0f));
    out[0] = kFp16;
  }).otherwise([&] {
    out[i] = float(i) * 3.0f;
    out[0] = kFallback;
  });
}

inline void scale_fp64_or_not(float *out, size_t i) {
  rsycl::if_device_has<aspect::fp64>([&] {
    out[i] = float(double(i) * 4.0);
    out[0] = kFp64;
  }).otherwise([&] {
    out[i] = float(i) * 4.0f;
    out[0] = kFallback;
  });
}

class KChain;
class KFp64OrNot;
class KFp16OrNot;
class KUnconditionalHalf;

static const char *name(int b) {
  switch (b) {
  case kFp16: return "fp16";
  case kFp64: return "fp64";
  case kFallback: return "fallback";
  }
  return "none";
}

static int check(const char *what, const float *out, size_t n, float factor, const char *expect) {
  int bad = 0;
  for (size_t i = 1; i < n; i++) bad += out[i] != float(i) * factor;
  const char *took = name(int(out[0]));
  std::printf("%s: took the %s branch%s\n", what, took, bad ? " (WRONG RESULTS)" : "");
  if (bad) return 1;
  if (expect && std::strcmp(expect, took) != 0) {
    std::printf("FAIL: %s: expected the %s branch\n", what, expect);
    return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  const char *expect = nullptr, *expect_half = nullptr, *expect64 = nullptr;
  for (int i = 1; i < argc; i++) {
    if (std::strncmp(argv[i], "--expect=", 9) == 0) expect = argv[i] + 9;
    else if (std::strncmp(argv[i], "--expect-fp64-only=", 19) == 0) expect64 = argv[i] + 19;
    else if (std::strncmp(argv[i], "--expect-unconditional-fp16=", 28) == 0) expect_half = argv[i] + 28;
  }
  const size_t n = 64;
  float *out = static_cast<float *>(rsycl_malloc_shared(n * sizeof(float)));
  int fails = 0;
  if (rsycl::parallel_for<KChain>(n, [=](size_t i) { if (i > 0) scale_chain(out, i); }) != 0) {
    std::printf("FAIL: chain: %s\n", rsycl_last_error());
    return 1;
  }
  std::printf("device: %s\n", rsycl_device());
  fails += check("chain", out, n, 2.0f, expect);
  std::memset(out, 0, n * sizeof(float));
  if (rsycl::parallel_for<KFp16OrNot>(n, [=](size_t i) { if (i > 0) scale_fp16_or_not(out, i); }) != 0) {
    std::printf("FAIL: fp16 only: %s\n", rsycl_last_error());
    return 1;
  }
  // Without fp16 the fp16-only chain falls back, whatever the device has besides.
  const char *expect16 = expect ? (std::strcmp(expect, "fp16") == 0 ? "fp16" : "fallback") : nullptr;
  fails += check("fp16 only", out, n, 3.0f, expect16);
  std::memset(out, 0, n * sizeof(float));
  if (rsycl::parallel_for<KFp64OrNot>(n, [=](size_t i) { if (i > 0) scale_fp64_or_not(out, i); }) != 0) {
    std::printf("FAIL: fp64 only: %s\n", rsycl_last_error());
    return 1;
  }
  fails += check("fp64 only", out, n, 4.0f, expect64);
  int r = rsycl::parallel_for<KUnconditionalHalf>(n, [=](size_t i) { out[i] = float(_Float16(float(i))); });
  std::printf("unconditional fp16: %s\n", r == 0 ? "runs" : rsycl_last_error());
  if (expect_half && std::strcmp(expect_half, r == 0 ? "runs" : "refused") != 0) {
    std::printf("FAIL: unconditional fp16: expected it to be %s\n", expect_half);
    fails++;
  }
  rsycl_free(out);
  if (fails) return 1;
  std::printf("device_if: ok\n");
  return 0;
}
