// Prints the results of rules_sycl's integer, SIMD and conversion functions of
// sycl::ext::intel::math (imf_int.inc) on fixed inputs, one line each. Built as CUDA
// (nvcc), it calls CUDA's intrinsics of the same names (__vabs2 for __imf_vabs2, ...)
// instead, in a kernel: the two outputs must be equal (check.sh).
#include <cstdio>

#ifdef __CUDACC__
#define FN(name) __##name
#define DEV __device__
__device__ int imf_max(int a, int b) { return max(a, b); }
__device__ int imf_min(int a, int b) { return min(a, b); }
__device__ unsigned imf_umax(unsigned a, unsigned b) { return umax(a, b); }
__device__ unsigned imf_umin(unsigned a, unsigned b) { return umin(a, b); }
__device__ long long imf_llmax(long long a, long long b) { return llmax(a, b); }
__device__ long long imf_llmin(long long a, long long b) { return llmin(a, b); }
__device__ unsigned long long imf_ullmax(unsigned long long a, unsigned long long b) { return ullmax(a, b); }
__device__ unsigned long long imf_ullmin(unsigned long long a, unsigned long long b) { return ullmin(a, b); }
#else
#define RS_EXPORT
extern "C" {
#include "toolchain/devicelib/imf_int.inc"
}
#define FN(name) __imf_##name
#define DEV
#define imf_max __imf_max
#define imf_min __imf_min
#define imf_umax __imf_umax
#define imf_umin __imf_umin
#define imf_llmax __imf_llmax
#define imf_llmin __imf_llmin
#define imf_ullmax __imf_ullmax
#define imf_ullmin __imf_ullmin
#endif

typedef unsigned long long u64;
struct Out {
  char text[1 << 21];
  int n;
};
DEV void put(Out *o, const char *name, int i, u64 v) {
  // "name i value\n" in hex, without printf (the kernel writes into a buffer).
  const char *hex = "0123456789abcdef";
  char *t = o->text;
  for (const char *c = name; *c; ++c) t[o->n++] = *c;
  t[o->n++] = ' ';
  t[o->n++] = hex[(i >> 4) & 15];
  t[o->n++] = hex[i & 15];
  t[o->n++] = ' ';
  for (int s = 60; s >= 0; s -= 4) t[o->n++] = hex[(v >> s) & 15];
  t[o->n++] = '\n';
}

DEV void run(Out *o) {
  const unsigned u[] = {0u, 1u, 0x7fffu, 0x8000u, 0xffffu, 0x7f7f8080u, 0x80007fffu, 0xffffffffu, 0x12345678u,
                        0x9abcdef0u, 0x00ff00ffu, 0xfedcba98u, 0x7fffffffu, 0x80000000u, 0x01800180u, 0x7f80ff01u};
  const int nu = sizeof u / sizeof u[0];
  const u64 l[] = {0ull, 1ull, 0x7fffffffffffffffull, 0x8000000000000000ull, 0xffffffffffffffffull,
                   0x123456789abcdef0ull, 0x0000000100000001ull, 0xfffffffe00000003ull, 0x0020000000000001ull,
                   0x0020000000000003ull, 0x1000001ull, 0x1000003ull, 0xffffff7fffffffffull};
  const int nl = sizeof l / sizeof l[0];
  float f[] = {0.0f, -0.0f, 0.5f, 1.5f, 2.5f, -2.5f, -0.5f, 3.7f, -3.7f, 2147483520.0f, 3.0e9f, -3.0e9f,
                     1.0e19f, 2.0e19f, -1.0e19f, 1.0f / 0.0f, -1.0f / 0.0f, 0.0f};
  f[17] = FN(int_as_float)(0x7fc00000);  // one NaN
  const int nf = sizeof f / sizeof f[0];
  double d[] = {0.0, 0.5, 1.5, 2.5, -2.5, -3.7, 4294967295.5, 4294967296.0, -2147483648.5, 1.0e20, -1.0e20,
                      0.1, -0.1, 3.4028235677973366e38, 1.0e300, -1.0e-300, 1.0 / 0.0, 0.0};
  d[17] = FN(longlong_as_double)(0x7ff8000000000000ll);  // one NaN, whatever 0.0 / 0.0 gives
  const int nd = sizeof d / sizeof d[0];
#define U1(name) for (int i = 0; i < nu; ++i) put(o, #name, i, (u64)(unsigned)FN(name)(u[i]));
#define U2(name) for (int i = 0; i < nu; ++i) put(o, #name, i, (u64)(unsigned)FN(name)(u[i], u[(i * 7 + 3) % nu]));
#define U3(name) for (int i = 0; i < nu; ++i) put(o, #name, i, (u64)(unsigned)FN(name)(u[i], u[(i * 7 + 3) % nu], u[(i * 5 + 1) % nu]));
#define I2(name, fn) for (int i = 0; i < nu; ++i) put(o, #name, i, (u64)(unsigned)fn((int)u[i], (int)u[(i * 7 + 3) % nu]));
#define L2(name, fn) for (int i = 0; i < nl; ++i) put(o, #name, i, (u64)fn(l[i], l[(i * 5 + 2) % nl]));
#define F2I(name) for (int i = 0; i < nf; ++i) put(o, #name, i, (u64)FN(name)(f[i]));
#define D2I(name) for (int i = 0; i < nd; ++i) put(o, #name, i, (u64)FN(name)(d[i]));
  U1(brev) U1(popc) U1(vabs2) U1(vabs4) U1(vabsss2) U1(vabsss4) U1(vneg2) U1(vneg4) U1(vnegss2) U1(vnegss4)
  for (int i = 0; i < nu; ++i) put(o, "clz", i, (u64)(unsigned)FN(clz)((int)u[i]));
  for (int i = 0; i < nu; ++i) put(o, "ffs", i, (u64)(unsigned)FN(ffs)((int)u[i]));
  for (int i = 0; i < nu; ++i) put(o, "byte_perm", i, (u64)FN(byte_perm)(u[i], u[(i + 5) % nu], u[(i * 3 + 1) % nu]));
  for (int i = 0; i < nu; ++i) put(o, "sad", i, (u64)FN(sad)((int)u[i], (int)u[(i + 5) % nu], u[(i * 3 + 1) % nu]));
  for (int i = 0; i < nu; ++i) put(o, "usad", i, (u64)FN(usad)(u[i], u[(i + 5) % nu], u[(i * 3 + 1) % nu]));
  I2(hadd, FN(hadd)) I2(rhadd, FN(rhadd)) I2(mul24, FN(mul24)) I2(mulhi, FN(mulhi)) I2(max, imf_max) I2(min, imf_min)
  U2(uhadd) U2(urhadd) U2(umul24) U2(umulhi)
  for (int i = 0; i < nu; ++i) put(o, "umax", i, imf_umax(u[i], u[(i * 7 + 3) % nu]));
  for (int i = 0; i < nu; ++i) put(o, "umin", i, imf_umin(u[i], u[(i * 7 + 3) % nu]));
  for (int i = 0; i < nl; ++i) put(o, "brevll", i, FN(brevll)(l[i]));
  for (int i = 0; i < nl; ++i) put(o, "popcll", i, (u64)FN(popcll)(l[i]));
  for (int i = 0; i < nl; ++i) put(o, "clzll", i, (u64)FN(clzll)((long long)l[i]));
  for (int i = 0; i < nl; ++i) put(o, "ffsll", i, (u64)FN(ffsll)((long long)l[i]));
  for (int i = 0; i < nl; ++i) put(o, "mul64hi", i, (u64)FN(mul64hi)((long long)l[i], (long long)l[(i * 5 + 2) % nl]));
  L2(umul64hi, FN(umul64hi)) L2(ullmax, imf_ullmax) L2(ullmin, imf_ullmin)
  for (int i = 0; i < nl; ++i) put(o, "llmax", i, (u64)imf_llmax((long long)l[i], (long long)l[(i * 5 + 2) % nl]));
  for (int i = 0; i < nl; ++i) put(o, "llmin", i, (u64)imf_llmin((long long)l[i], (long long)l[(i * 5 + 2) % nl]));
  U2(vabsdiffs2) U2(vabsdiffs4) U2(vabsdiffu2) U2(vabsdiffu4) U2(vadd2) U2(vadd4) U2(vaddss2) U2(vaddss4)
  U2(vaddus2) U2(vaddus4) U2(vsub2) U2(vsub4) U2(vsubss2) U2(vsubss4) U2(vsubus2) U2(vsubus4) U2(vavgs2) U2(vavgs4)
  U2(vavgu2) U2(vavgu4) U2(vhaddu2) U2(vhaddu4) U2(vmaxs2) U2(vmaxs4) U2(vmaxu2) U2(vmaxu4) U2(vmins2) U2(vmins4)
  U2(vminu2) U2(vminu4) U2(vcmpeq2) U2(vcmpeq4) U2(vcmpne2) U2(vcmpne4) U2(vcmpges2) U2(vcmpges4) U2(vcmpgeu2)
  U2(vcmpgeu4) U2(vcmpgts2) U2(vcmpgts4) U2(vcmpgtu2) U2(vcmpgtu4) U2(vcmples2) U2(vcmples4) U2(vcmpleu2)
  U2(vcmpleu4) U2(vcmplts2) U2(vcmplts4) U2(vcmpltu2) U2(vcmpltu4) U2(vseteq2) U2(vseteq4) U2(vsetne2) U2(vsetne4)
  U2(vsetges2) U2(vsetges4) U2(vsetgeu2) U2(vsetgeu4) U2(vsetgts2) U2(vsetgts4) U2(vsetgtu2) U2(vsetgtu4)
  U2(vsetles2) U2(vsetles4) U2(vsetleu2) U2(vsetleu4) U2(vsetlts2) U2(vsetlts4) U2(vsetltu2) U2(vsetltu4)
  U2(vsads2) U2(vsads4) U2(vsadu2) U2(vsadu4) U2(vimax_s16x2_relu) U2(vimin_s16x2_relu)
  U3(viaddmax_s16x2) U3(viaddmax_s16x2_relu) U3(viaddmax_u16x2) U3(viaddmin_s16x2) U3(viaddmin_s16x2_relu)
  U3(viaddmin_u16x2) U3(vimax3_s16x2) U3(vimax3_s16x2_relu) U3(vimax3_u16x2) U3(vimin3_s16x2)
  U3(vimin3_s16x2_relu) U3(vimin3_u16x2) U3(viaddmax_u32) U3(viaddmin_u32) U3(vimax3_u32) U3(vimin3_u32)
  for (int i = 0; i < nu; ++i) {
    int a = (int)u[i], b = (int)u[(i * 7 + 3) % nu], c = (int)u[(i * 5 + 1) % nu];
    put(o, "viaddmax_s32", i, (u64)(unsigned)FN(viaddmax_s32)(a, b, c));
    put(o, "viaddmax_s32_relu", i, (u64)(unsigned)FN(viaddmax_s32_relu)(a, b, c));
    put(o, "viaddmin_s32", i, (u64)(unsigned)FN(viaddmin_s32)(a, b, c));
    put(o, "viaddmin_s32_relu", i, (u64)(unsigned)FN(viaddmin_s32_relu)(a, b, c));
    put(o, "vimax3_s32", i, (u64)(unsigned)FN(vimax3_s32)(a, b, c));
    put(o, "vimax3_s32_relu", i, (u64)(unsigned)FN(vimax3_s32_relu)(a, b, c));
    put(o, "vimin3_s32", i, (u64)(unsigned)FN(vimin3_s32)(a, b, c));
    put(o, "vimin3_s32_relu", i, (u64)(unsigned)FN(vimin3_s32_relu)(a, b, c));
    put(o, "vimax_s32_relu", i, (u64)(unsigned)FN(vimax_s32_relu)(a, b));
    put(o, "vimin_s32_relu", i, (u64)(unsigned)FN(vimin_s32_relu)(a, b));
    bool p = false, q = false;
    put(o, "vibmax_s32", i, (u64)(unsigned)FN(vibmax_s32)(a, b, &p) | (u64)p << 32);
    put(o, "vibmin_s32", i, (u64)(unsigned)FN(vibmin_s32)(a, b, &p) | (u64)p << 32);
    put(o, "vibmax_u32", i, (u64)FN(vibmax_u32)((unsigned)a, (unsigned)b, &p) | (u64)p << 32);
    put(o, "vibmin_u32", i, (u64)FN(vibmin_u32)((unsigned)a, (unsigned)b, &p) | (u64)p << 32);
    put(o, "vibmax_s16x2", i, (u64)FN(vibmax_s16x2)((unsigned)a, (unsigned)b, &p, &q) | (u64)p << 33 | (u64)q << 32);
    put(o, "vibmax_u16x2", i, (u64)FN(vibmax_u16x2)((unsigned)a, (unsigned)b, &p, &q) | (u64)p << 33 | (u64)q << 32);
    put(o, "vibmin_s16x2", i, (u64)FN(vibmin_s16x2)((unsigned)a, (unsigned)b, &p, &q) | (u64)p << 33 | (u64)q << 32);
    put(o, "vibmin_u16x2", i, (u64)FN(vibmin_u16x2)((unsigned)a, (unsigned)b, &p, &q) | (u64)p << 33 | (u64)q << 32);
    put(o, "float_as_int", i, (u64)(unsigned)FN(float_as_int)(FN(int_as_float)(a)));
    put(o, "uint_as_float", i, (u64)FN(float_as_uint)(FN(uint_as_float)((unsigned)a)));
    put(o, "hiloint2double", i, (u64)FN(double_as_longlong)(FN(hiloint2double)(a, b)));
  }
  F2I(float2int_rd) F2I(float2int_rn) F2I(float2int_ru) F2I(float2int_rz) F2I(float2uint_rd) F2I(float2uint_rn)
  F2I(float2uint_ru) F2I(float2uint_rz) F2I(float2ll_rd) F2I(float2ll_rn) F2I(float2ll_ru) F2I(float2ll_rz)
  F2I(float2ull_rd) F2I(float2ull_rn) F2I(float2ull_ru) F2I(float2ull_rz)
  D2I(double2int_rd) D2I(double2int_rn) D2I(double2int_ru) D2I(double2int_rz) D2I(double2uint_rd)
  D2I(double2uint_rn) D2I(double2uint_ru) D2I(double2uint_rz) D2I(double2ll_rd) D2I(double2ll_rn) D2I(double2ll_ru)
  D2I(double2ll_rz) D2I(double2ull_rd) D2I(double2ull_rn) D2I(double2ull_ru) D2I(double2ull_rz)
  D2I(double2hiint) D2I(double2loint)
  for (int i = 0; i < nd; ++i) {
    put(o, "double2float_rd", i, (u64)FN(float_as_uint)(FN(double2float_rd)(d[i])));
    put(o, "double2float_rn", i, (u64)FN(float_as_uint)(FN(double2float_rn)(d[i])));
    put(o, "double2float_ru", i, (u64)FN(float_as_uint)(FN(double2float_ru)(d[i])));
    put(o, "double2float_rz", i, (u64)FN(float_as_uint)(FN(double2float_rz)(d[i])));
  }
#define I2FP(name, T, arr, n, AS) for (int i = 0; i < n; ++i) put(o, #name, i, (u64)AS(FN(name)((T)arr[i])));
#define ASF(x) FN(float_as_uint)(x)
#define ASD(x) FN(double_as_longlong)(x)
  I2FP(int2float_rd, int, u, nu, ASF) I2FP(int2float_rn, int, u, nu, ASF) I2FP(int2float_ru, int, u, nu, ASF)
  I2FP(int2float_rz, int, u, nu, ASF) I2FP(uint2float_rd, unsigned, u, nu, ASF) I2FP(uint2float_rn, unsigned, u, nu, ASF)
  I2FP(uint2float_ru, unsigned, u, nu, ASF) I2FP(uint2float_rz, unsigned, u, nu, ASF)
  I2FP(ll2float_rd, long long, l, nl, ASF) I2FP(ll2float_rn, long long, l, nl, ASF) I2FP(ll2float_ru, long long, l, nl, ASF)
  I2FP(ll2float_rz, long long, l, nl, ASF) I2FP(ull2float_rd, u64, l, nl, ASF) I2FP(ull2float_rn, u64, l, nl, ASF)
  I2FP(ull2float_ru, u64, l, nl, ASF) I2FP(ull2float_rz, u64, l, nl, ASF)
  I2FP(int2double_rn, int, u, nu, ASD) I2FP(uint2double_rn, unsigned, u, nu, ASD)
  I2FP(ll2double_rd, long long, l, nl, ASD) I2FP(ll2double_rn, long long, l, nl, ASD) I2FP(ll2double_ru, long long, l, nl, ASD)
  I2FP(ll2double_rz, long long, l, nl, ASD) I2FP(ull2double_rd, u64, l, nl, ASD) I2FP(ull2double_rn, u64, l, nl, ASD)
  I2FP(ull2double_ru, u64, l, nl, ASD) I2FP(ull2double_rz, u64, l, nl, ASD)
  o->text[o->n] = 0;
}

#include "toolchain/devicelib/check/run_main.h"
int main() { return run_and_print(); }
