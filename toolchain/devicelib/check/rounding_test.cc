// The rounded arithmetic and rounded conversions of rules_sycl's device library
// (../imf_fp.inc), compiled for the host, against independent references on
// pseudo-random operands of every class (subnormals, overflow, cancellation in fma):
//  - float and double add, sub, mul, div, sqrt, fma and reciprocal in each rounding mode
//    against the host CPU's own IEEE 754 arithmetic under fesetround;
//  - float and integer to half and bfloat16 in each mode against a search of the sorted
//    table of every finite half (bfloat16) value, with long double comparisons;
//  - half and bfloat16 to float against the table's exact values.
// The device library is the same source compiled for the device, where
// //examples/sycl2020:device_library_test compares its results with these.
#include <algorithm>
#include <cfenv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#define RS_EXPORT
extern "C" {
#include "toolchain/devicelib/imf.inc"
#include "toolchain/devicelib/imf_int.inc"
#include "toolchain/devicelib/imf_fp.inc"
}

namespace {

typedef unsigned long long u64;

u64 state = 7;
u64 next() {  // splitmix64
  u64 z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
template <class T, class U>
T from_bits(U u) {
  T t;
  std::memcpy(&t, &u, sizeof t);
  return t;
}
// Random bits (every class), or a moderate exponent (operands that overlap).
float rand_float(int i) {
  u64 r = next();
  if (i % 3 == 0) return from_bits<float>((unsigned)r);
  unsigned e = 100 + (unsigned)((r >> 40) % 56);
  return from_bits<float>((unsigned)((r >> 32) & 0x80000000u) | e << 23 | (unsigned)(r & 0x7fffff));
}
double rand_double(int i) {
  u64 r = next();
  if (i % 3 == 0) return from_bits<double>(r);
  u64 e = 990 + (r >> 52) % 70;
  return from_bits<double>((r & 0x8000000000000000ull) | e << 52 | (next() & 0xfffffffffffffull));
}
template <class T>
bool same(T a, T b) {
  return (a != a && b != b) || std::memcmp(&a, &b, sizeof a) == 0;
}

int failures = 0;
void fail(const char *what, int mode, double a, double b, double c, double got, double want) {
  if (++failures <= 20) std::printf("FAIL %s mode %d: %a %a %a: got %a, want %a\n", what, mode, a, b, c, got, want);
}

void arithmetic(int n) {
  const int modes[4] = {FE_DOWNWARD, FE_TONEAREST, FE_UPWARD, FE_TOWARDZERO};
  const char *names[7] = {"add", "sub", "mul", "div", "sqrt", "fma", "rcp"};
  for (int i = 0; i < n; ++i) {
    float a = rand_float(i), b = rand_float(i + 1), c = rand_float(i + 2);
    double x = rand_double(i), y = rand_double(i + 1), z = rand_double(i + 2);
    if (i % 4 == 3) c = -a * b * (1 + std::ldexp(1.0f, -22)), z = -x * y * (1 + std::ldexp(1.0, -50));
    if (i % 7 == 6) b = a * std::ldexp(1.0f, (int)(next() % 60) - 30), y = -x * std::ldexp(1.0, (int)(next() % 120) - 60);
    float wf[4][7];
    double wd[4][7];
    for (int m = 0; m < 4; ++m) {
      std::fesetround(modes[m]);
      volatile float va = a, vb = b, vc = c;
      volatile double vx = x, vy = y, vz = z;
      wf[m][0] = va + vb, wf[m][1] = va - vb, wf[m][2] = va * vb, wf[m][3] = va / vb;
      wf[m][4] = std::sqrt((float)va), wf[m][5] = std::fma((float)va, (float)vb, (float)vc), wf[m][6] = 1.0f / va;
      wd[m][0] = vx + vy, wd[m][1] = vx - vy, wd[m][2] = vx * vy, wd[m][3] = vx / vy;
      wd[m][4] = std::sqrt((double)vx), wd[m][5] = std::fma((double)vx, (double)vy, (double)vz), wd[m][6] = 1.0 / vx;
    }
    std::fesetround(FE_TONEAREST);
#define RS_CHECK(M, K)                                                                                           \
  {                                                                                                              \
    float gf[7] = {__imf_fadd_##M(a, b), __imf_fsub_##M(a, b), __imf_fmul_##M(a, b), __imf_fdiv_##M(a, b),       \
                   __imf_sqrtf_##M(a), __imf_fmaf_##M(a, b, c), __imf_frcp_##M(a)};                              \
    double gd[7] = {__imf_dadd_##M(x, y), __imf_dsub_##M(x, y), __imf_dmul_##M(x, y), __imf_ddiv_##M(x, y),      \
                    __imf_sqrt_##M(x), __imf_fma_##M(x, y, z), __imf_drcp_##M(x)};                               \
    for (int j = 0; j < 7; ++j) {                                                                                \
      if (!same(gf[j], wf[K][j])) fail(names[j], K, a, b, c, gf[j], wf[K][j]);                                   \
      if (!same(gd[j], wd[K][j])) fail(names[j], K, x, y, z, gd[j], wd[K][j]);                                   \
    }                                                                                                            \
  }
    RS_CHECK(rd, 0) RS_CHECK(rn, 1) RS_CHECK(ru, 2) RS_CHECK(rz, 3)
#undef RS_CHECK
  }
}

// Every finite value of a 16-bit format, sorted, with its bits.
struct Entry {
  long double v;
  unsigned short bits;
};
long double value16(unsigned b, int mb, int eb) {
  int bias = (1 << (eb - 1)) - 1, e = (int)(b >> mb) & ((1 << eb) - 1);
  long double m = b & ((1u << mb) - 1);
  long double v = e ? std::ldexp(m + std::ldexp(1.0L, mb), e - bias - mb) : std::ldexp(m, 1 - bias - mb);
  if (e == (1 << eb) - 1) v = m != 0 ? NAN : INFINITY;
  return (b >> (mb + eb)) & 1 ? -v : v;
}
std::vector<Entry> table16(int mb, int eb) {
  std::vector<Entry> t;
  for (unsigned b = 0; b < 65536; ++b) {
    bool nan = ((b >> mb) & ((1u << eb) - 1)) == (1u << eb) - 1 && (b & ((1u << mb) - 1));
    if (!nan && b != 0x8000) t.push_back({value16(b, mb, eb), (unsigned short)b});
  }
  std::sort(t.begin(), t.end(), [](const Entry &p, const Entry &q) { return p.v < q.v; });
  return t;
}
// v rounded to the format as IEEE 754 says, from its neighbours in the table.
unsigned short round16(const std::vector<Entry> &t, long double v, char mode, int mb, int eb) {
  if (v == 0) return 0;
  auto it = std::lower_bound(t.begin(), t.end(), v, [](const Entry &p, long double x) { return p.v < x; });
  unsigned short r;
  if (it->v == v) {
    r = it->bits;
  } else {
    const Entry &hi = *it, &lo = *(it - 1);
    long double limit = std::ldexp(1.0L, (1 << (eb - 1))), hv = std::isinf(hi.v) ? limit : hi.v, lv = std::isinf(lo.v) ? -limit : lo.v;
    (void)mb;
    if (mode == 'd') r = lo.bits;
    else if (mode == 'u') r = hi.bits;
    else if (mode == 'z') r = v < 0 ? hi.bits : lo.bits;
    else if (hv - v != v - lv) r = hv - v < v - lv ? hi.bits : lo.bits;
    else r = hi.bits & 1 ? lo.bits : hi.bits;
  }
  return r == 0 && v < 0 ? 0x8000 : r;
}

void conversions(int n) {
  const std::vector<Entry> half = table16(10, 5), bf16 = table16(7, 8);
  for (int i = 0; i < n; ++i) {
    u64 r = next();
    unsigned u = (unsigned)r;
    if (i % 2) u = (u & 0x80000000u) | (0x30000000u + u % 0x1a000000u);  // around half's range
    float f = from_bits<float>(u);
    long long ll = (long long)next() >> (r % 62);
    int iv = (int)(r >> 7);
    for (char mode : {'d', 'n', 'u', 'z'}) {
      unsigned short got[6];
#define RS_CONV(M)                                                                                       \
  got[0] = __imf_float2half_##M(f), got[1] = __imf_float2bfloat16_##M(f), got[2] = __imf_int2half_##M(iv), \
  got[3] = __imf_int2bfloat16_##M(iv), got[4] = __imf_ll2half_##M(ll), got[5] = __imf_ll2bfloat16_##M(ll)
      switch (mode) {
      case 'd': RS_CONV(rd); break;
      case 'n': RS_CONV(rn); break;
      case 'u': RS_CONV(ru); break;
      default: RS_CONV(rz);
      }
#undef RS_CONV
      if (f != f) continue;
      unsigned short want[6] = {round16(half, f, mode, 10, 5), round16(bf16, f, mode, 7, 8), round16(half, iv, mode, 10, 5),
                                round16(bf16, iv, mode, 7, 8), round16(half, ll, mode, 10, 5), round16(bf16, ll, mode, 7, 8)};
      for (int k = 0; k < 6; ++k) {
        if (got[k] != want[k] && !(f == 0 && k < 2) && ++failures <= 20)
          std::printf("FAIL conversion %d mode %c: float %a, int %d, long long %lld: got %04x, want %04x\n", k, mode, f, iv, ll, got[k], want[k]);
      }
    }
    unsigned short hb = (unsigned short)r, bb = (unsigned short)(r >> 16);
    long double hv = value16(hb, 10, 5), bv = value16(bb, 7, 8);
    float hf = __imf_half2float(hb), bf = __imf_bfloat162float(bb);
    if ((hv == hv && (long double)hf != hv) || (bv == bv && (long double)bf != bv)) {
      if (++failures <= 20) std::printf("FAIL to float: half %04x -> %a, bfloat16 %04x -> %a\n", hb, hf, bb, bf);
    }
  }
}

}  // namespace

int main() {
  arithmetic(200000);
  conversions(100000);
  std::printf(failures ? "%d failures\n" : "ok: 200000 operand sets x 4 modes x 14 operations, 100000 x 4 x 6 conversions\n", failures);
  return failures ? 1 : 0;
}
