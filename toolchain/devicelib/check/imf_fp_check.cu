// Prints the results of rules_sycl's rounded arithmetic, half and bfloat16 conversions,
// half math and special functions of sycl::ext::intel::math (imf_fp.inc) on edge values
// and on pseudo-random ones, one line each: "name index bits format tolerance". Built as
// CUDA (nvcc), it calls CUDA's functions of the same meaning (__fadd_rd for
// __imf_fadd_rd, normcdf for __imf_cdfnorm, ...) in a kernel. Built as C++, it calls
// rules_sycl's; and `imf_fp_check compare OURS CUDA` compares two outputs: equal bits
// where the tolerance is 0 (rounded arithmetic and conversions are exact), within that
// many units in the last place of the format (h, b, f, d) otherwise, or for the Bessel
// functions (j: double, k: float) that many epsilons, absolute below 1 and relative
// above; NaN equals NaN.
#include <cstdio>
#include <cstdlib>
#include <cstring>

typedef unsigned long long u64;

#ifdef __CUDACC__
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#define DEV __device__
typedef __half H;
typedef __nv_bfloat16 B;
DEV unsigned short hb(H h) { return __half_as_ushort(h); }
DEV H mkh(unsigned short u) { return __ushort_as_half(u); }
DEV unsigned short bb(B b) { return __bfloat16_as_ushort(b); }
DEV B mkb(unsigned short u) { return __ushort_as_bfloat16(u); }
#define ARITH(OP, M) __##OP##_##M
#define SQRTF(M) __fsqrt_##M
#define SQRTD(M) __dsqrt_##M
#define FMAF(M) __fmaf_##M
#define FMAD(M) __fma_##M
#define CONV(NAME) __##NAME
#define HMATH(CU, IMF) CU
#define SPECIAL(CU, IMF) CU
#else
#define RS_EXPORT
extern "C" {
#include "toolchain/devicelib/imf.inc"
#include "toolchain/devicelib/imf_int.inc"
#include "toolchain/devicelib/imf_fp.inc"
}
#define DEV
typedef unsigned short H;
typedef unsigned short B;
static unsigned short hb(H h) { return h; }
static H mkh(unsigned short u) { return u; }
static unsigned short bb(B b) { return b; }
static B mkb(unsigned short u) { return u; }
#define ARITH(OP, M) __imf_##OP##_##M
#define SQRTF(M) __imf_sqrtf_##M
#define SQRTD(M) __imf_sqrt_##M
#define FMAF(M) __imf_fmaf_##M
#define FMAD(M) __imf_fma_##M
#define CONV(NAME) __imf_##NAME
#define HMATH(CU, IMF) __imf_##IMF
#define SPECIAL(CU, IMF) __imf_##IMF
#endif

struct Out {
  char text[1 << 24];
  int n;
};
DEV void put(Out *o, const char *name, int i, u64 v, char fmt, int tol) {
  const char *hex = "0123456789abcdef";
  char *t = o->text;
  for (const char *c = name; *c; ++c) t[o->n++] = *c;
  t[o->n++] = ' ';
  for (int s = 12; s >= 0; s -= 4) t[o->n++] = hex[(i >> s) & 15];
  t[o->n++] = ' ';
  for (int s = 60; s >= 0; s -= 4) t[o->n++] = hex[(v >> s) & 15];
  t[o->n++] = ' ';
  t[o->n++] = fmt;
  t[o->n++] = '0' + tol / 10;
  t[o->n++] = '0' + tol % 10;
  t[o->n++] = '\n';
}
DEV u64 fbits(float x) { u64 r = 0; memcpy(&r, &x, 4); return r; }
DEV u64 dbits(double x) { u64 r; memcpy(&r, &x, 8); return r; }
DEV float mkf(u64 b) { unsigned u = (unsigned)b; float x; memcpy(&x, &u, 4); return x; }
DEV double mkd(u64 b) { double x; memcpy(&x, &b, 8); return x; }

// splitmix64.
DEV u64 next(u64 *s) {
  u64 z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
// A float: fixed edge values first, then random bits (every class and exponent), then
// random values of moderate exponent (where operands overlap and rounding matters).
DEV float rf(u64 *s, int i) {
  const unsigned edge[] = {0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x7f7fffffu, 0xff7fffffu, 0x00000001u,
                           0x80000001u, 0x007fffffu, 0x00800000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x3f800001u,
                           0x3fffffffu, 0x4b800000u, 0x33800000u, 0x34000000u, 0x7f000000u, 0x00400000u};
  if (i < (int)(sizeof edge / sizeof edge[0])) return mkf(edge[i]);
  u64 r = next(s);
  if (i % 2) return mkf(r);
  unsigned e = 112 + (unsigned)((r >> 40) % 32);  // 2^-15 .. 2^16
  return mkf(((r >> 32) & 0x80000000u) | e << 23 | (unsigned)(r & 0x7fffff));
}
DEV double rd(u64 *s, int i) {
  const u64 edge[] = {0, 0x8000000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull, 0x7fefffffffffffffull,
                      0xffefffffffffffffull, 1, 0x8000000000000001ull, 0x000fffffffffffffull, 0x0010000000000000ull,
                      0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull, 0x3ff0000000000001ull,
                      0x3fffffffffffffffull, 0x4340000000000000ull, 0x3ca0000000000000ull, 0x3cb0000000000000ull,
                      0x7fe0000000000000ull, 0x0008000000000000ull};
  if (i < (int)(sizeof edge / sizeof edge[0])) return mkd(edge[i]);
  u64 r = next(s);
  if (i % 2) return mkd(r);
  u64 e = 1008 + (r >> 52) % 32;
  return mkd((r & 0x8000000000000000ull) | e << 52 | (next(s) & 0xfffffffffffffull));
}

#define N 400
DEV void arith(Out *o) {
  u64 s = 1;
  for (int i = 0; i < N; ++i) {
    float a = rf(&s, i), b = rf(&s, (i * 7 + 3) % N), c = rf(&s, (i * 13 + 5) % N);
    double x = rd(&s, i), y = rd(&s, (i * 7 + 3) % N), z = rd(&s, (i * 13 + 5) % N);
    if (i % 5 == 4) c = -a * b * 1.0000001f, z = -x * y * 1.0000000000000002;  // cancellation
#define F2(OP)                                                        \
  put(o, #OP "_rd", i, fbits(ARITH(OP, rd)(a, b)), 'f', 0);          \
  put(o, #OP "_rn", i, fbits(ARITH(OP, rn)(a, b)), 'f', 0);          \
  put(o, #OP "_ru", i, fbits(ARITH(OP, ru)(a, b)), 'f', 0);          \
  put(o, #OP "_rz", i, fbits(ARITH(OP, rz)(a, b)), 'f', 0);
#define D2(OP)                                                        \
  put(o, #OP "_rd", i, dbits(ARITH(OP, rd)(x, y)), 'd', 0);          \
  put(o, #OP "_rn", i, dbits(ARITH(OP, rn)(x, y)), 'd', 0);          \
  put(o, #OP "_ru", i, dbits(ARITH(OP, ru)(x, y)), 'd', 0);          \
  put(o, #OP "_rz", i, dbits(ARITH(OP, rz)(x, y)), 'd', 0);
#define MODES(M)                                                       \
  put(o, "frcp_" #M, i, fbits(ARITH(frcp, M)(a)), 'f', 0);           \
  put(o, "drcp_" #M, i, dbits(ARITH(drcp, M)(x)), 'd', 0);           \
  put(o, "sqrtf_" #M, i, fbits(SQRTF(M)(a)), 'f', 0);                \
  put(o, "sqrt_" #M, i, dbits(SQRTD(M)(x)), 'd', 0);                 \
  put(o, "fmaf_" #M, i, fbits(FMAF(M)(a, b, c)), 'f', 0);            \
  put(o, "fma_" #M, i, dbits(FMAD(M)(x, y, z)), 'd', 0);
    F2(fadd) F2(fsub) F2(fmul) F2(fdiv) D2(dadd) D2(dsub) D2(dmul) D2(ddiv)
    MODES(rd) MODES(rn) MODES(ru) MODES(rz)
  }
}

DEV void conversions(Out *o) {
  u64 s = 2;
  for (int i = 0; i < N; ++i) {
    float a = rf(&s, i);
    double x = rd(&s, i);
    if (i % 3 == 2) a = mkf(0x33000000u + (unsigned)(next(&s) % 0x0f000000u)), x = a;  // around half's range
    u64 r = next(&s);
    int vi = (int)r;
    long long vl = (long long)next(&s) >> (r % 60);
    short vs = (short)(r >> 16);
    unsigned short h = (unsigned short)(r >> 32), bf = (unsigned short)(r >> 48);
    if (i < 64) h = (unsigned short)(0x7c00 + i - 32 + (i & 1) * 0x8000), bf = (unsigned short)(0x7f80 + i - 32);
    put(o, "half2float", i, fbits(CONV(half2float)(mkh(h))), 'f', 0);
    put(o, "bfloat162float", i, fbits(CONV(bfloat162float)(mkb(bf))), 'f', 0);
    put(o, "double2half", i, hb(CONV(double2half)(x)), 'h', 0);
    put(o, "double2bfloat16", i, bb(CONV(double2bfloat16)(x)), 'b', 0);
#define CM(M)                                                                               \
  put(o, "float2half_" #M, i, hb(CONV(float2half_##M)(a)), 'h', 0);                        \
  put(o, "float2bfloat16_" #M, i, bb(CONV(float2bfloat16_##M)(a)), 'b', 0);                \
  put(o, "int2half_" #M, i, hb(CONV(int2half_##M)(vi)), 'h', 0);                           \
  put(o, "uint2half_" #M, i, hb(CONV(uint2half_##M)((unsigned)vi)), 'h', 0);               \
  put(o, "short2half_" #M, i, hb(CONV(short2half_##M)(vs)), 'h', 0);                       \
  put(o, "ushort2half_" #M, i, hb(CONV(ushort2half_##M)((unsigned short)vs)), 'h', 0);     \
  put(o, "ll2half_" #M, i, hb(CONV(ll2half_##M)(vl)), 'h', 0);                             \
  put(o, "ull2half_" #M, i, hb(CONV(ull2half_##M)((u64)vl)), 'h', 0);                      \
  put(o, "int2bfloat16_" #M, i, bb(CONV(int2bfloat16_##M)(vi)), 'b', 0);                   \
  put(o, "uint2bfloat16_" #M, i, bb(CONV(uint2bfloat16_##M)((unsigned)vi)), 'b', 0);       \
  put(o, "short2bfloat16_" #M, i, bb(CONV(short2bfloat16_##M)(vs)), 'b', 0);               \
  put(o, "ushort2bfloat16_" #M, i, bb(CONV(ushort2bfloat16_##M)((unsigned short)vs)), 'b', 0); \
  put(o, "ll2bfloat16_" #M, i, bb(CONV(ll2bfloat16_##M)(vl)), 'b', 0);                     \
  put(o, "ull2bfloat16_" #M, i, bb(CONV(ull2bfloat16_##M)((u64)vl)), 'b', 0);              \
  put(o, "half2int_" #M, i, (unsigned)CONV(half2int_##M)(mkh(h)), 'x', 0);                 \
  put(o, "half2uint_" #M, i, CONV(half2uint_##M)(mkh(h)), 'x', 0);                         \
  put(o, "half2short_" #M, i, (unsigned short)CONV(half2short_##M)(mkh(h)), 'x', 0);       \
  put(o, "half2ushort_" #M, i, CONV(half2ushort_##M)(mkh(h)), 'x', 0);                     \
  put(o, "half2ll_" #M, i, (u64)CONV(half2ll_##M)(mkh(h)), 'x', 0);                        \
  put(o, "half2ull_" #M, i, CONV(half2ull_##M)(mkh(h)), 'x', 0);                           \
  put(o, "bfloat162int_" #M, i, (unsigned)CONV(bfloat162int_##M)(mkb(bf)), 'x', 0);        \
  put(o, "bfloat162uint_" #M, i, CONV(bfloat162uint_##M)(mkb(bf)), 'x', 0);                \
  put(o, "bfloat162short_" #M, i, (unsigned short)CONV(bfloat162short_##M)(mkb(bf)), 'x', 0); \
  put(o, "bfloat162ushort_" #M, i, CONV(bfloat162ushort_##M)(mkb(bf)), 'x', 0);            \
  put(o, "bfloat162ll_" #M, i, (u64)CONV(bfloat162ll_##M)(mkb(bf)), 'x', 0);               \
  put(o, "bfloat162ull_" #M, i, CONV(bfloat162ull_##M)(mkb(bf)), 'x', 0);
    CM(rd) CM(rn) CM(ru) CM(rz)
  }
}

DEV void functions(Out *o) {
  u64 s = 3;
  for (int i = 0; i < N; ++i) {
    u64 r = next(&s);
    // Half: every class from random bits, and values in the functions' usual ranges.
    unsigned short hbits = i % 2 ? (unsigned short)r : (unsigned short)(0x2000 + r % 0x2c00 + (r >> 20 & 1) * 0x8000);
    H h = mkh(hbits);
    put(o, "ceilf16", i, hb(HMATH(hceil, ceilf16)(h)), 'h', 0);
    put(o, "floorf16", i, hb(HMATH(hfloor, floorf16)(h)), 'h', 0);
    put(o, "rintf16", i, hb(HMATH(hrint, rintf16)(h)), 'h', 0);
    put(o, "truncf16", i, hb(HMATH(htrunc, truncf16)(h)), 'h', 0);
    put(o, "sqrtf16", i, hb(HMATH(hsqrt, sqrtf16)(h)), 'h', 1);
    put(o, "rsqrtf16", i, hb(HMATH(hrsqrt, rsqrtf16)(h)), 'h', 1);
    put(o, "invf16", i, hb(HMATH(hrcp, invf16)(h)), 'h', 1);
    put(o, "sinf16", i, hb(HMATH(hsin, sinf16)(h)), 'h', 2);
    put(o, "cosf16", i, hb(HMATH(hcos, cosf16)(h)), 'h', 2);
    put(o, "expf16", i, hb(HMATH(hexp, expf16)(h)), 'h', 2);
    put(o, "exp2f16", i, hb(HMATH(hexp2, exp2f16)(h)), 'h', 2);
    put(o, "exp10f16", i, hb(HMATH(hexp10, exp10f16)(h)), 'h', 2);
    put(o, "logf16", i, hb(HMATH(hlog, logf16)(h)), 'h', 2);
    put(o, "log2f16", i, hb(HMATH(hlog2, log2f16)(h)), 'h', 2);
    put(o, "log10f16", i, hb(HMATH(hlog10, log10f16)(h)), 'h', 2);
    float a = rf(&s, i);
    double x = rd(&s, i);
    float p = mkf(0x3f800000u - (unsigned)(r % 0x3f800000u));  // (0, 1]
    double q = mkd(0x3ff0000000000000ull - r % 0x3ff0000000000000ull);
    float sa = i % 3 ? mkf((unsigned)r & 0xc1ffffffu) : a;  // |x| < 32 mostly
    double sx = i % 3 ? mkd(r & 0xc03fffffffffffffull) : x;
    put(o, "erfinvf", i, fbits(SPECIAL(erfinvf, erfinvf)(i % 2 ? p : -p)), 'f', 2);
    put(o, "erfinv", i, dbits(SPECIAL(erfinv, erfinv)(i % 2 ? q : -q)), 'd', 5);
    put(o, "erfcinvf", i, fbits(SPECIAL(erfcinvf, erfcinvf)(i % 2 ? p : 2 - p)), 'f', 2);
    put(o, "erfcinv", i, dbits(SPECIAL(erfcinv, erfcinv)(i % 2 ? q : 2 - q)), 'd', 5);
    put(o, "erfcxf", i, fbits(SPECIAL(erfcxf, erfcxf)(sa)), 'f', 4);
    put(o, "erfcx", i, dbits(SPECIAL(erfcx, erfcx)(sx)), 'd', 4);
    put(o, "cdfnormf", i, fbits(SPECIAL(normcdff, cdfnormf)(sa)), 'f', 5);
    put(o, "cdfnorm", i, dbits(SPECIAL(normcdf, cdfnorm)(sx)), 'd', 5);
    put(o, "cdfnorminvf", i, fbits(SPECIAL(normcdfinvf, cdfnorminvf)(p)), 'f', 5);
    put(o, "cdfnorminv", i, dbits(SPECIAL(normcdfinv, cdfnorminv)(q)), 'd', 8);
    put(o, "sinpif", i, fbits(SPECIAL(sinpif, sinpif)(sa)), 'f', 1);
    put(o, "sinpi", i, dbits(SPECIAL(sinpi, sinpi)(sx)), 'd', 2);
    put(o, "cospif", i, fbits(SPECIAL(cospif, cospif)(sa)), 'f', 1);
    put(o, "cospi", i, dbits(SPECIAL(cospi, cospi)(sx)), 'd', 2);
    int e = 0;
    put(o, "frexpf", i, fbits(SPECIAL(frexpf, frexpf)(a, &e)) | (u64)(unsigned)e << 32, 'x', 0);
    put(o, "frexp", i, dbits(SPECIAL(frexp, frexp)(x, &e)), 'd', 0);
    put(o, "frexp_exp", i, (unsigned)e, 'x', 0);
    float fi = 0;
    double di = 0;
    put(o, "modff", i, fbits(SPECIAL(modff, modff)(a, &fi)) | fbits(fi) << 32, 'x', 0);
    put(o, "modf", i, dbits(SPECIAL(modf, modf)(x, &di)), 'd', 0);
    put(o, "modf_int", i, dbits(di), 'd', 0);
    float b = rf(&s, (i * 7 + 3) % N);
    double y = rd(&s, (i * 7 + 3) % N);
    put(o, "remquof", i, fbits(SPECIAL(remquof, remquof)(a, b, &e)), 'f', 0);
    put(o, "remquof_quo", i, (unsigned)(e & 7) | (e & 7 && e < 0 ? 8 : 0), 'x', 0);
    put(o, "remquo", i, dbits(SPECIAL(remquo, remquo)(x, y, &e)), 'd', 0);
    put(o, "remquo_quo", i, (unsigned)(e & 7) | (e & 7 && e < 0 ? 8 : 0), 'x', 0);
    // Bessel functions: absolute error where the value is below 1 (near their zeros no
    // implementation has a small relative one).
    double bx = i % 4 == 0 ? mkd(r & 0x40ffffffffffffffull) : (double)(r % 4000) / 64;  // to 5e4, or to 62
    int bn = (int)(r >> 50) % 12 - 2;
    float fx = (float)bx;
#define BESSEL(S, X, BITS, KIND)                                                         \
  put(o, "j0" #S, i, BITS(SPECIAL(j0##S, j0##S)(X)), KIND, 8);                          \
  put(o, "j1" #S, i, BITS(SPECIAL(j1##S, j1##S)(X)), KIND, 8);                          \
  put(o, "jn" #S, i, BITS(SPECIAL(jn##S, jn##S)(bn, X)), KIND, 8);                      \
  put(o, "y0" #S, i, BITS(SPECIAL(y0##S, y0##S)(X)), KIND, 8);                          \
  put(o, "y1" #S, i, BITS(SPECIAL(y1##S, y1##S)(X)), KIND, 8);                          \
  put(o, "yn" #S, i, BITS(SPECIAL(yn##S, yn##S)(bn, X)), KIND, 8);                      \
  put(o, "i0" #S, i, BITS(SPECIAL(cyl_bessel_i0##S, i0##S)(X / 8)), KIND, 8);           \
  put(o, "i1" #S, i, BITS(SPECIAL(cyl_bessel_i1##S, i1##S)(X / 8)), KIND, 8);
    BESSEL(, bx, dbits, 'j') BESSEL(f, fx, fbits, 'k')
#undef BESSEL
  }
}

DEV void run(Out *o) {
  arith(o);
  conversions(o);
  functions(o);
  o->text[o->n] = 0;
}

#include "toolchain/devicelib/check/run_main.h"
#ifdef __CUDACC__
int main() { return run_and_print(); }
#else
// The distance in units in the last place between two values of a format, NaN to NaN 0.
static long long ulps(u64 a, u64 b, char fmt) {
  int bits = fmt == 'h' || fmt == 'b' ? 16 : fmt == 'f' ? 32 : 64, mb = fmt == 'h' ? 10 : fmt == 'b' ? 7 : fmt == 'f' ? 23 : 52;
  u64 sign = 1ull << (bits - 1), inf = fmt == 'h' ? 0x7c00 : fmt == 'b' ? 0x7f80 : fmt == 'f' ? 0x7f800000u : 0x7ff0000000000000ull;
  bool na = (a & (sign - 1)) > inf, nb = (b & (sign - 1)) > inf;
  (void)mb;
  if (na || nb) return na && nb ? 0 : 1LL << 62;
  auto ord = [&](u64 v) { return v & sign ? -(long long)(v & (sign - 1)) : (long long)v; };
  long long d = ord(a) - ord(b);
  return d < 0 ? -d : d;
}
// For 'j' (double) and 'k' (float): the difference in units of the format's epsilon
// times the larger of 1 and the value: an absolute error below 1, a relative one above.
static long long mixed(u64 a, u64 b, bool dbl) {
  double x = dbl ? mkd(a) : mkf(a), y = dbl ? mkd(b) : mkf(b);
  if (x != x || y != y) return x != x && y != y ? 0 : 1LL << 62;
  if (x == y) return 0;
  double scale = (y < 0 ? -y : y) > 1 ? (y < 0 ? -y : y) : 1, d = x - y;
  d = (d < 0 ? -d : d) / scale / (dbl ? 2.220446049250313e-16 : 1.1920928955078125e-07);
  return d > 1e9 ? 1LL << 62 : (long long)d;
}
static int compare(const char *ours, const char *theirs) {
  FILE *f = fopen(ours, "r"), *g = fopen(theirs, "r");
  if (!f || !g) return 2;
  char n1[64], n2[64], t1[8], t2[8];
  int i1, i2, lines = 0, bad = 0;
  u64 v1, v2;
  while (fscanf(f, "%63s %x %llx %7s", n1, &i1, &v1, t1) == 4) {
    if (fscanf(g, "%63s %x %llx %7s", n2, &i2, &v2, t2) != 4 || strcmp(n1, n2) || i1 != i2) {
      printf("outputs differ in shape at %s %d\n", n1, i1);
      return 1;
    }
    ++lines;
    int tol = atoi(t1 + 1);
    long long d = t1[0] == 'x' ? (v1 == v2 ? 0 : 1LL << 62) : t1[0] == 'j' || t1[0] == 'k' ? mixed(v1, v2, t1[0] == 'j') : ulps(v1, v2, t1[0]);
    if (d > tol) {
      if (++bad <= 40) printf("%s %d: ours %llx, CUDA %llx (%lld ulps, %d allowed)\n", n1, i1, v1, v2, d, tol);
    }
  }
  printf("%d results, %d differ\n", lines, bad);
  return bad || lines < 20000 ? 1 : 0;
}
int main(int argc, char **argv) {
  if (argc == 4 && !strcmp(argv[1], "compare")) return compare(argv[2], argv[3]);
  return run_and_print();
}
#endif
