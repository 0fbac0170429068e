// The math functions the device math tests evaluate, float and double, and the inputs:
// one table for the test runtime's test (math_test.cpp) and libsycl's
// (//examples/dpcpp:math_test). X(name, expression) is defined by the includer.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstring>

// Each function of the table, written as device code calls it.
#define MATH_FUNCTIONS(T, x, y, z)                                                                 \
  X(sqrt, std::sqrt(x)) X(sin, std::sin(x)) X(cos, std::cos(x)) X(tan, std::tan(x))                 \
  X(exp, std::exp(x)) X(exp2, std::exp2(x)) X(expm1, std::expm1(x)) X(log, std::log(y))             \
  X(log2, std::log2(y)) X(log10, std::log10(y)) X(log1p, std::log1p(y)) X(pow, std::pow(y, x))      \
  X(atan2, std::atan2(x, y)) X(fma, std::fma(x, y, z)) X(fabs, std::fabs(x)) X(floor, std::floor(x)) \
  X(ceil, std::ceil(x)) X(trunc, std::trunc(x)) X(round, std::round(x)) X(fmin, std::fmin(x, y))    \
  X(fmax, std::fmax(x, y)) X(fmod, std::fmod(y, z)) X(hypot, std::hypot(x, y)) X(cbrt, std::cbrt(x)) \
  X(asin, std::asin(z)) X(acos, std::acos(z)) X(atan, std::atan(x)) X(sinh, std::sinh(x))           \
  X(cosh, std::cosh(x)) X(tanh, std::tanh(x)) X(erf, std::erf(x)) X(erfc, std::erfc(x))

#define X(name, expr) 1 +
inline constexpr int kFunctions = MATH_FUNCTIONS(float, 0, 0, 0) 0;
#undef X
inline const char *const kNames[] = {
#define X(name, expr) #name,
    MATH_FUNCTIONS(float, 0, 0, 0)
#undef X
};
inline constexpr int kInputs = 4;

template <typename T> inline T input(int i, int which) {
  static const double xs[kInputs] = {-1.25, 0.5, 0.75, 1.5};
  static const double ys[kInputs] = {0.3, 1.7, 2.5, 9.0};
  static const double zs[kInputs] = {-0.9, 0.1, 0.45, 0.8};
  return T(which == 0 ? xs[i] : which == 1 ? ys[i] : zs[i]);
}

// Compares a device's results out[input][function] with the host's; prints and counts
// the wrong ones.
// expected_wrong: "type:function,..." known to be wrong on the device under test (they
// then must be wrong, and are not counted).
template <typename T> int compare(const char *type, const T *out, double tolerance, const char *expected_wrong = "") {
  int bad = 0;
  auto expected = [&](const char *fn) {
    char key[64];
    std::snprintf(key, sizeof key, "%s:%s", type, fn);
    for (const char *p = std::strstr(expected_wrong, key); p; p = std::strstr(p + 1, key)) {
      size_t n = std::strlen(key);
      if ((p == expected_wrong || p[-1] == ',') && (p[n] == '\0' || p[n] == ',')) return true;
    }
    return false;
  };
  bool seen[kFunctions] = {};
  for (int i = 0; i < kInputs; i++) {
    T x = input<T>(i, 0), y = input<T>(i, 1), z = input<T>(i, 2);
    int j = 0;
#define X(name, expr)                                                                               \
  {                                                                                                 \
    double want = double(expr), got = double(out[i * kFunctions + j]);                              \
    if (std::fabs(got - want) > tolerance * std::fmax(1.0, std::fabs(want))) {                      \
      std::printf("%s %s(input %d): got %.17g, want %.17g%s\n", type, kNames[j], i, got, want,      \
                  expected(kNames[j]) ? " (known)" : "");                                           \
      if (expected(kNames[j])) seen[j] = true;                                                      \
      else bad++;                                                                                   \
    }                                                                                               \
    j++;                                                                                            \
  }
    MATH_FUNCTIONS(T, x, y, z)
#undef X
  }
  for (int j = 0; j < kFunctions; j++)
    if (expected(kNames[j]) && !seen[j]) {
      std::printf("%s %s: expected to be wrong on this device, and right\n", type, kNames[j]);
      bad++;
    }
  std::printf("%s: %d functions x %d inputs, %d wrong\n", type, kFunctions, kInputs, bad);
  return bad;
}

// Evaluates every function of the table for the inputs in[3 * i .. 3 * i + 2] (x, y, z)
// into out[i * kFunctions ..]: the body of the kernels.
template <typename T> inline void evaluate(const T *in, T *out, size_t i) {
  T x = in[3 * i], y = in[3 * i + 1], z = in[3 * i + 2];
  T *o = out + i * kFunctions;
  int j = 0;
#define X(name, expr) o[j++] = expr;
  MATH_FUNCTIONS(T, x, y, z)
#undef X
}
