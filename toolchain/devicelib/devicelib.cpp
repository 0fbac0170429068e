// rules_sycl's SYCL device library: the functions that DPC++'s headers and C++'s
// <complex> call in device code and that DPC++'s own device libraries (libsycl-*.bc,
// which no wheel ships) would define. Compiled to spir64 bitcode by clang as SYCL device
// code (generic pointers, as DPC++'s front end writes them) and linked -only-needed into
// each program's device code after the device link, as DPC++'s driver links its
// libraries. C math calls here (expf, atan2, ...) are lowered to OpenCL built-ins with
// the rest of the program's. Written for rules_sycl.
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;

// Every function a program may call is defined as SYCL device code's external functions.
#define RS_EXPORT [[clang::sycl_external]]

extern "C" {

// bfloat16 (sycl/ext/oneapi/bfloat16.hpp): round to nearest even, NaN to 0xffc1, as the
// header's host code does, so host and device agree.
static uint16_t f2bf(float f) {
  if (f != f) return 0xffc1;
  uint32_t u = __builtin_bit_cast(uint32_t, f);
  return (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}
static float bf2f(uint16_t b) { return __builtin_bit_cast(float, (uint32_t)b << 16); }

RS_EXPORT uint16_t __devicelib_ConvertFToBF16INTEL(const float &a) noexcept { return f2bf(a); }
RS_EXPORT float __devicelib_ConvertBF16ToFINTEL(const uint16_t &a) noexcept { return bf2f(a); }

#define RS_BF16_VEC(N)                                                            \
  RS_EXPORT void __devicelib_ConvertFToBF16INTELVec##N(const float *s, uint16_t *d) noexcept { \
    for (int i = 0; i < N; ++i) d[i] = f2bf(s[i]);                                \
  }                                                                               \
  RS_EXPORT void __devicelib_ConvertBF16ToFINTELVec##N(const uint16_t *s, float *d) noexcept { \
    for (int i = 0; i < N; ++i) d[i] = bf2f(s[i]);                                \
  }
RS_BF16_VEC(1)
RS_BF16_VEC(2)
RS_BF16_VEC(3)
RS_BF16_VEC(4)
RS_BF16_VEC(8)
RS_BF16_VEC(16)
#undef RS_BF16_VEC

// Complex arithmetic (C99 Annex G), which clang calls for _Complex multiplication and
// division (std::complex's operator* and operator/): the naive formula, and where it
// gives NaN for both parts, the infinities recovered as Annex G says. Division scales by
// the larger of the divisor's parts (Smith's method).
//
// A complex result is returned the way DPC++'s front end calls for it: through a first
// pointer argument in the generic address space (its sret), which this compiler would
// make a private pointer; so each function writes its result through res, and the
// computation is in a static function that returns it.
#define RS_COMPLEX(T, SFX, MUL, DIV)                                                      \
  static T rs_box##SFX(T x, T inf) { return __builtin_copysign##SFX(__builtin_isinf(x) ? 1 : 0, x) + 0 * inf; } \
  static T rs_zero_nan##SFX(T x) { return __builtin_isnan(x) ? __builtin_copysign##SFX(0, x) : x; }          \
  static T _Complex rs_mul##SFX(T a, T b, T c, T d) {                                      \
    T ac = a * c, bd = b * d, ad = a * d, bc = b * c;                                     \
    T x = ac - bd, y = ad + bc;                                                           \
    if (__builtin_isnan(x) && __builtin_isnan(y)) {                                       \
      bool again = false;                                                                 \
      if (__builtin_isinf(a) || __builtin_isinf(b)) {                                     \
        a = rs_box##SFX(a, 0), b = rs_box##SFX(b, 0);                                     \
        c = rs_zero_nan##SFX(c), d = rs_zero_nan##SFX(d), again = true;                   \
      }                                                                                   \
      if (__builtin_isinf(c) || __builtin_isinf(d)) {                                     \
        c = rs_box##SFX(c, 0), d = rs_box##SFX(d, 0);                                     \
        a = rs_zero_nan##SFX(a), b = rs_zero_nan##SFX(b), again = true;                   \
      }                                                                                   \
      if (!again && (__builtin_isinf(ac) || __builtin_isinf(bd) || __builtin_isinf(ad) || \
                     __builtin_isinf(bc))) {                                              \
        a = rs_zero_nan##SFX(a), b = rs_zero_nan##SFX(b);                                 \
        c = rs_zero_nan##SFX(c), d = rs_zero_nan##SFX(d), again = true;                   \
      }                                                                                   \
      if (again) {                                                                        \
        x = __builtin_inf##SFX() * (a * c - b * d);                                       \
        y = __builtin_inf##SFX() * (a * d + b * c);                                       \
      }                                                                                   \
    }                                                                                     \
    return __builtin_complex(x, y);                                                      \
  }                                                                                       \
  static T _Complex rs_div##SFX(T a, T b, T c, T d) {                                      \
    T x, y;                                                                               \
    if (__builtin_fabs##SFX(c) >= __builtin_fabs##SFX(d)) {                               \
      T r = d / c, den = c + d * r;                                                       \
      x = (a + b * r) / den, y = (b - a * r) / den;                                       \
    } else {                                                                              \
      T r = c / d, den = c * r + d;                                                       \
      x = (a * r + b) / den, y = (b * r - a) / den;                                       \
    }                                                                                     \
    if (__builtin_isnan(x) && __builtin_isnan(y)) {                                       \
      if (c == 0 && d == 0 && (!__builtin_isnan(a) || !__builtin_isnan(b))) {             \
        x = __builtin_copysign##SFX(__builtin_inf##SFX(), c) * a;                         \
        y = __builtin_copysign##SFX(__builtin_inf##SFX(), c) * b;                         \
      } else if ((__builtin_isinf(a) || __builtin_isinf(b)) && __builtin_isfinite(c) &&   \
                 __builtin_isfinite(d)) {                                                 \
        a = rs_box##SFX(a, 0), b = rs_box##SFX(b, 0);                                     \
        x = __builtin_inf##SFX() * (a * c + b * d);                                       \
        y = __builtin_inf##SFX() * (b * c - a * d);                                       \
      } else if ((__builtin_isinf(c) || __builtin_isinf(d)) && __builtin_isfinite(a) &&   \
                 __builtin_isfinite(b)) {                                                 \
        c = rs_box##SFX(c, 0), d = rs_box##SFX(d, 0);                                     \
        x = 0 * (a * c + b * d);                                                          \
        y = 0 * (b * c - a * d);                                                          \
      }                                                                                   \
    }                                                                                     \
    return __builtin_complex(x, y);                                                      \
  }                                                                                       \
  RS_EXPORT void MUL(T _Complex *res, T a, T b, T c, T d) noexcept { *res = rs_mul##SFX(a, b, c, d); } \
  RS_EXPORT void DIV(T _Complex *res, T a, T b, T c, T d) noexcept { *res = rs_div##SFX(a, b, c, d); }
RS_COMPLEX(float, f, __mulsc3, __divsc3)
RS_COMPLEX(double, , __muldc3, __divdc3)
#undef RS_COMPLEX

// The <complex.h> functions libstdc++'s std::complex calls (through __builtin_cabs and
// the like), from the C math functions, which are lowered with the program's.
float hypotf(float, float);
float atan2f(float, float);
float expf(float);
float logf(float);
float sqrtf(float);
float sinf(float);
float cosf(float);
float sinhf(float);
float coshf(float);
double hypot(double, double);
double atan2(double, double);
double exp(double);
double log(double);
double sqrt(double);
double sin(double);
double cos(double);
double sinh(double);
double cosh(double);

#define RS_CFUNCS(T, SFX)                                                                        \
  static T rs_cabs##SFX(T _Complex z) { return hypot##SFX(__real__ z, __imag__ z); }             \
  static T rs_carg##SFX(T _Complex z) { return atan2##SFX(__imag__ z, __real__ z); }             \
  static T _Complex rs_cexp##SFX(T _Complex z) {                                                 \
    T m = exp##SFX(__real__ z);                                                                 \
    return __builtin_complex(m * cos##SFX(__imag__ z), m * sin##SFX(__imag__ z));               \
  }                                                                                             \
  static T _Complex rs_clog##SFX(T _Complex z) {                                                 \
    return __builtin_complex(log##SFX(rs_cabs##SFX(z)), rs_carg##SFX(z));                       \
  }                                                                                             \
  static T _Complex rs_csqrt##SFX(T _Complex z) {                                                \
    T re = __real__ z, im = __imag__ z;                                                        \
    if (re == 0 && im == 0) return __builtin_complex((T)0, im);                                 \
    T t = sqrt##SFX((__builtin_fabs##SFX(re) + rs_cabs##SFX(z)) / 2);                           \
    if (re >= 0) return __builtin_complex(t, im / (2 * t));                                     \
    return __builtin_complex(__builtin_fabs##SFX(im) / (2 * t), __builtin_copysign##SFX(t, im)); \
  }                                                                                             \
  static T _Complex rs_cpow##SFX(T _Complex z, T _Complex w) {                                   \
    if (__real__ z == 0 && __imag__ z == 0) return __builtin_complex((T)0, (T)0);               \
    T _Complex l = rs_clog##SFX(z);                                                             \
    return rs_cexp##SFX(rs_mul##SFX(__real__ w, __imag__ w, __real__ l, __imag__ l));           \
  }                                                                                             \
  static T _Complex rs_csin##SFX(T _Complex z) {                                                 \
    T re = __real__ z, im = __imag__ z;                                                        \
    return __builtin_complex(sin##SFX(re) * cosh##SFX(im), cos##SFX(re) * sinh##SFX(im));      \
  }                                                                                             \
  static T _Complex rs_ccos##SFX(T _Complex z) {                                                 \
    T re = __real__ z, im = __imag__ z;                                                        \
    return __builtin_complex(cos##SFX(re) * cosh##SFX(im), -sin##SFX(re) * sinh##SFX(im));     \
  }                                                                                             \
  RS_EXPORT T cabs##SFX(T _Complex z) noexcept { return rs_cabs##SFX(z); }                      \
  RS_EXPORT T carg##SFX(T _Complex z) noexcept { return rs_carg##SFX(z); }                      \
  RS_EXPORT void cexp##SFX(T _Complex *res, T _Complex z) noexcept { *res = rs_cexp##SFX(z); }  \
  RS_EXPORT void clog##SFX(T _Complex *res, T _Complex z) noexcept { *res = rs_clog##SFX(z); }  \
  RS_EXPORT void csqrt##SFX(T _Complex *res, T _Complex z) noexcept { *res = rs_csqrt##SFX(z); } \
  RS_EXPORT void cpow##SFX(T _Complex *res, T _Complex z, T _Complex w) noexcept {              \
    *res = rs_cpow##SFX(z, w);                                                                  \
  }                                                                                             \
  RS_EXPORT void csin##SFX(T _Complex *res, T _Complex z) noexcept { *res = rs_csin##SFX(z); }  \
  RS_EXPORT void ccos##SFX(T _Complex *res, T _Complex z) noexcept { *res = rs_ccos##SFX(z); }
RS_CFUNCS(float, f)
RS_CFUNCS(double, )
#undef RS_CFUNCS

// The rest of <complex.h>: hyperbolic functions and tangents (ctanh as Kahan writes it,
// with tan and sinh, and its limit where cosh would overflow; ctan(z) = -i ctanh(iz)),
// inverse functions (casinh from log(z + sqrt(z^2 + 1)) on the right half plane, its
// Taylor series near 0 and log(2z) far out; catanh with log1p and atan2; casin(z) =
// -i casinh(iz), cacos = pi/2 - casin, catan(z) = -i catanh(iz), cacosh from
// log(z + sqrt(z + 1) sqrt(z - 1))), and cproj.
float tanf(float);
float log1pf(float);
double tan(double);
double log1p(double);
#define RS_CFUNCS2(T, SFX, BIG, TANH_LIMIT)                                                      \
  static T _Complex rs_cmk##SFX(T re, T im) { return __builtin_complex(re, im); }                \
  static T _Complex rs_cmul##SFX(T _Complex a, T _Complex b) {                                   \
    return rs_mul##SFX(__real__ a, __imag__ a, __real__ b, __imag__ b);                          \
  }                                                                                             \
  static T _Complex rs_times_i##SFX(T _Complex z) { return rs_cmk##SFX(-__imag__ z, __real__ z); } \
  static T _Complex rs_times_minus_i##SFX(T _Complex z) { return rs_cmk##SFX(__imag__ z, -__real__ z); } \
  static T _Complex rs_csinh##SFX(T _Complex z) {                                                \
    T x = __real__ z, y = __imag__ z;                                                          \
    return rs_cmk##SFX(sinh##SFX(x) * cos##SFX(y), cosh##SFX(x) * sin##SFX(y));                 \
  }                                                                                             \
  static T _Complex rs_ccosh##SFX(T _Complex z) {                                                \
    T x = __real__ z, y = __imag__ z;                                                          \
    return rs_cmk##SFX(cosh##SFX(x) * cos##SFX(y), sinh##SFX(x) * sin##SFX(y));                 \
  }                                                                                             \
  static T _Complex rs_ctanh##SFX(T _Complex z) {                                                \
    T x = __real__ z, y = __imag__ z;                                                          \
    if (__builtin_fabs##SFX(x) > (TANH_LIMIT)) {                                                \
      T e = exp##SFX(-2 * __builtin_fabs##SFX(x));                                              \
      return rs_cmk##SFX(__builtin_copysign##SFX(1, x), 4 * sin##SFX(y) * cos##SFX(y) * e);     \
    }                                                                                           \
    T t = tan##SFX(y), b = 1 + t * t, s = sinh##SFX(x), r = sqrt##SFX(1 + s * s);               \
    T d = 1 + b * s * s;                                                                        \
    return rs_cmk##SFX(b * r * s / d, t / d);                                                   \
  }                                                                                             \
  static T _Complex rs_ctan##SFX(T _Complex z) { return rs_times_minus_i##SFX(rs_ctanh##SFX(rs_times_i##SFX(z))); } \
  static T _Complex rs_casinh##SFX(T _Complex z) {                                               \
    T x = __real__ z, y = __imag__ z;                                                          \
    bool flip = __builtin_signbit(x);                                                           \
    T _Complex w = flip ? -z : z, r;                                                            \
    T m = rs_cabs##SFX(w);                                                                      \
    if (m < (T)0.01) {                                                                          \
      T _Complex w2 = rs_cmul##SFX(w, w), t = w;                                                \
      const T c[3] = {(T)-1 / 6, (T)3 / 40, (T)-5 / 112};                                       \
      r = w;                                                                                    \
      for (int k = 0; k < 3; ++k) t = rs_cmul##SFX(t, w2), r += c[k] * t;                       \
    } else if (m > (BIG)) {                                                                     \
      r = rs_clog##SFX(w);                                                                      \
      __real__ r += (T)0.6931471805599453;                                                      \
    } else {                                                                                    \
      T a = __real__ w, b = __imag__ w;                                                        \
      T _Complex s = rs_csqrt##SFX(rs_cmk##SFX((a - b) * (a + b) + 1, 2 * a * b));              \
      r = rs_clog##SFX(w + s);                                                                  \
    }                                                                                           \
    (void)y;                                                                                    \
    return flip ? -r : r;                                                                       \
  }                                                                                             \
  static T _Complex rs_casin##SFX(T _Complex z) { return rs_times_minus_i##SFX(rs_casinh##SFX(rs_times_i##SFX(z))); } \
  static T _Complex rs_cacos##SFX(T _Complex z) {                                                \
    T _Complex s = rs_casin##SFX(z);                                                            \
    return rs_cmk##SFX((T)1.5707963267948966 - __real__ s, -__imag__ s);                        \
  }                                                                                             \
  static T _Complex rs_catanh##SFX(T _Complex z) {                                               \
    T x = __real__ z, y = __imag__ z;                                                          \
    T re = log1p##SFX(4 * x / ((1 - x) * (1 - x) + y * y)) / 4;                                \
    T im = atan2##SFX(2 * y, (1 - x) * (1 + x) - y * y) / 2;                                    \
    return rs_cmk##SFX(re, im);                                                                 \
  }                                                                                             \
  static T _Complex rs_catan##SFX(T _Complex z) { return rs_times_minus_i##SFX(rs_catanh##SFX(rs_times_i##SFX(z))); } \
  static T _Complex rs_cacosh##SFX(T _Complex z) {                                               \
    T _Complex p = rs_csqrt##SFX(z + 1), m = rs_csqrt##SFX(z - 1);                              \
    return rs_clog##SFX(z + rs_cmul##SFX(p, m));                                                \
  }                                                                                             \
  static T _Complex rs_cproj##SFX(T _Complex z) {                                                \
    if (__builtin_isinf(__real__ z) || __builtin_isinf(__imag__ z))                             \
      return rs_cmk##SFX(__builtin_inf##SFX(), __builtin_copysign##SFX(0, __imag__ z));         \
    return z;                                                                                   \
  }                                                                                             \
  RS_EXPORT void csinh##SFX(T _Complex *res, T _Complex z) noexcept { *res = rs_csinh##SFX(z); } \
  RS_EXPORT void ccosh##SFX(T _Complex *res, T _Complex z) noexcept { *res = rs_ccosh##SFX(z); } \
  RS_EXPORT void ctanh##SFX(T _Complex *res, T _Complex z) noexcept { *res = rs_ctanh##SFX(z); } \
  RS_EXPORT void ctan##SFX(T _Complex *res, T _Complex z) noexcept { *res = rs_ctan##SFX(z); }   \
  RS_EXPORT void casinh##SFX(T _Complex *res, T _Complex z) noexcept { *res = rs_casinh##SFX(z); } \
  RS_EXPORT void casin##SFX(T _Complex *res, T _Complex z) noexcept { *res = rs_casin##SFX(z); } \
  RS_EXPORT void cacos##SFX(T _Complex *res, T _Complex z) noexcept { *res = rs_cacos##SFX(z); } \
  RS_EXPORT void catanh##SFX(T _Complex *res, T _Complex z) noexcept { *res = rs_catanh##SFX(z); } \
  RS_EXPORT void catan##SFX(T _Complex *res, T _Complex z) noexcept { *res = rs_catan##SFX(z); } \
  RS_EXPORT void cacosh##SFX(T _Complex *res, T _Complex z) noexcept { *res = rs_cacosh##SFX(z); } \
  RS_EXPORT void cproj##SFX(T _Complex *res, T _Complex z) noexcept { *res = rs_cproj##SFX(z); }
RS_CFUNCS2(float, f, 1e18f, 9.0f)
RS_CFUNCS2(double, , 1e150, 22.0)
#undef RS_CFUNCS2

// sycl::ext::intel::math: imf.inc, which host.cpp compiles for the host side too.
#include "imf.inc"
#include "imf_int.inc"
#include "imf_fp.inc"

// assert: <cassert> in device code calls glibc's __assert_fail, which DPC++'s libsycl-crt
// forwards to __devicelib_assert_fail with the work-item's ids. That one is not defined
// here: the device compiler provides it (cl_intel_devicelib_assert: Intel's CPU and GPU
// runtimes print the message and abort), as it does for DPC++'s programs.
void __devicelib_assert_fail(const char *expr, const char *file, int line, const char *func,
                             unsigned long gid0, unsigned long gid1, unsigned long gid2,
                             unsigned long lid0, unsigned long lid1, unsigned long lid2) noexcept;
}  // extern "C"
unsigned long __spirv_BuiltInGlobalInvocationId(int);
unsigned long __spirv_BuiltInLocalInvocationId(int);
extern "C" {
RS_EXPORT void __assert_fail(const char *expr, const char *file, unsigned line, const char *func) noexcept {
  __devicelib_assert_fail(expr, file, (int)line, func, __spirv_BuiltInGlobalInvocationId(0),
                          __spirv_BuiltInGlobalInvocationId(1), __spirv_BuiltInGlobalInvocationId(2),
                          __spirv_BuiltInLocalInvocationId(0), __spirv_BuiltInLocalInvocationId(1),
                          __spirv_BuiltInLocalInvocationId(2));
}

}  // extern "C"
