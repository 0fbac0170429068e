// Device code that needs a SYCL device library (DPC++'s libsycl-*.bc, which no wheel
// ships; rules_sycl's own toolchain/devicelib here): bfloat16 conversions, scalar and in
// vectors (sycl::ext::oneapi::bfloat16 and sycl::marray of it), checked against the same
// conversions done on the host, including rounding to nearest even and NaN; and
// std::complex arithmetic and functions (float and double), checked against the host's;
// sycl::ext::intel::math functions (float and double, default and accuracy variants)
// checked against the host's <cmath>; its integer, SIMD and conversion functions
// checked against the results CUDA's intrinsics of the same names gave on an NVIDIA GPU
// for the same inputs (toolchain/devicelib/check), on the device and on the host;
// rounded arithmetic, half and bfloat16 conversions and special functions, the device's
// results against the host's on pseudo-random operands;
// and an assert that holds (a failing one prints and aborts: tools/tests/dpcpp_front_end_test.sh).
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/math.hpp>
#include <sycl/ext/oneapi/bfloat16.hpp>

#include <cassert>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>

using bfloat16 = sycl::ext::oneapi::bfloat16;

static unsigned bits(bfloat16 b) {
  unsigned short u;
  std::memcpy(&u, &b, sizeof u);
  return u;
}

int main() {
  sycl::queue q;
  constexpr int n = 8;
  const float in[n] = {1.0f, 3.14159265f, -2.5f, 1.00390625f, 1.01171875f, 65504.0f, 1e-30f, NAN};
  float *data = sycl::malloc_shared<float>(n, q);
  bfloat16 *conv = sycl::malloc_shared<bfloat16>(n, q);
  float *back = sycl::malloc_shared<float>(n, q);
  float *vec = sycl::malloc_shared<float>(4, q);
  std::memcpy(data, in, sizeof in);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     assert(i[0] < n); // holds: __assert_fail is linked, and not called
     conv[i] = bfloat16(data[i]);    // float -> bfloat16
     back[i] = float(conv[i]) * 2.0f; // bfloat16 -> float
   }).wait();
  q.single_task([=] {
     sycl::marray<bfloat16, 4> m(bfloat16(0.5f), bfloat16(1.5f), bfloat16(-3.0f), bfloat16(7.0f));
     m = m * sycl::marray<bfloat16, 4>(bfloat16(2.0f));
     for (int i = 0; i < 4; ++i) vec[i] = float(m[i]);
   }).wait();
  // std::complex: * and / (__mulsc3, __divsc3), abs, arg, exp, log, sqrt, pow, the
  // trigonometric and hyperbolic functions and their inverses, proj.
  constexpr int nc = 24;
  using cf = std::complex<float>;
  using cd = std::complex<double>;
  cf *zf = sycl::malloc_shared<cf>(nc, q);
  cd *zd = sycl::malloc_shared<cd>(nc, q);
  const cf af(1.5f, -2.0f), bf(-0.5f, 0.75f);
  const cd ad(1.5, -2.0), bd(-0.5, 0.75);
  auto ops = [](auto a, auto b, auto *z) {
    z[0] = a * b;
    z[1] = a / b;
    z[2] = std::abs(a);
    z[3] = std::arg(a);
    z[4] = std::exp(b);
    z[5] = std::log(a);
    z[6] = std::sqrt(b);
    z[7] = std::pow(a, b);
    z[8] = std::sin(b);
    z[9] = std::cos(b);
    z[10] = std::tan(b);
    z[11] = std::sinh(a);
    z[12] = std::cosh(b);
    z[13] = std::tanh(a);
    z[14] = std::asin(a);
    z[15] = std::acos(b);
    z[16] = std::atan(a);
    z[17] = std::asinh(b);
    z[18] = std::acosh(a);
    z[19] = std::atanh(b);
    z[20] = std::proj(a);
    z[21] = std::asinh(b * decltype(b)(0.001)) * decltype(b)(1000);
    z[22] = std::tanh(a * decltype(a)(30));
    z[23] = std::acos(-a * decltype(a)(1e20));
  };
  q.single_task([=] {
     ops(af, bf, zf);
     ops(ad, bd, zd);
   }).wait();
  // sycl::ext::intel::math.
  namespace im = sycl::ext::intel::math;
  constexpr int ni = 12;
  float *mf = sycl::malloc_shared<float>(ni, q);
  double *md = sycl::malloc_shared<double>(ni, q);
  const float xf = 0.7f, yf = 1.9f;
  const double xd = 0.7, yd = 1.9;
  q.single_task([=] {
     mf[0] = im::sin(xf), mf[1] = im::ha::exp(xf), mf[2] = im::la::log(yf), mf[3] = im::ep::pow(xf, yf);
     mf[4] = im::atan2(xf, yf), mf[5] = im::rsqrt(yf), mf[6] = im::saturate(yf), mf[7] = im::hypot(xf, yf);
     mf[8] = im::erf(xf), mf[9] = im::cbrt(yf), mf[10] = float(im::isnan(xf)), mf[11] = im::tanh(xf);
     md[0] = im::sin(xd), md[1] = im::ha::exp(xd), md[2] = im::la::log(yd), md[3] = im::ep::pow(xd, yd);
     md[4] = im::atan2(xd, yd), md[5] = im::rsqrt(yd), md[6] = im::fmod(yd, xd), md[7] = im::hypot(xd, yd);
     md[8] = im::erf(xd), md[9] = im::cbrt(yd), md[10] = double(im::isinf(xd)), md[11] = im::tanh(xd);
   }).wait();
  const float wf[ni] = {std::sin(xf), std::exp(xf), std::log(yf), std::pow(xf, yf), std::atan2(xf, yf), 1 / std::sqrt(yf),
                        1.0f, std::hypot(xf, yf), std::erf(xf), std::cbrt(yf), 0.0f, std::tanh(xf)};
  const double wd[ni] = {std::sin(xd), std::exp(xd), std::log(yd), std::pow(xd, yd), std::atan2(xd, yd), 1 / std::sqrt(yd),
                         std::fmod(yd, xd), std::hypot(xd, yd), std::erf(xd), std::cbrt(yd), 0.0, std::tanh(xd)};
  int imf_failures = 0;
  for (int i = 0; i < ni; ++i) {
    if (std::abs(mf[i] - wf[i]) > 1e-5f * (1 + std::abs(wf[i])) || std::abs(md[i] - wd[i]) > 1e-12 * (1 + std::abs(wd[i]))) {
      std::printf("intel::math #%d: float %.9g (host %.9g), double %.17g (host %.17g)  FAIL\n", i, mf[i], wf[i], md[i], wd[i]);
      ++imf_failures;
    }
  }
  std::printf("sycl::ext::intel::math: %d of %d checks agree with the host\n", 2 * ni - imf_failures, 2 * ni);

  // The integer, SIMD and conversion functions: each against CUDA's result for the same
  // arguments (toolchain/devicelib/check: the values of its lines), on the device and on
  // the host (a kernel's body is host code too; the runtime links the host definitions).
  constexpr int nx = 23;
  unsigned long long *xr = sycl::malloc_shared<unsigned long long>(nx, q);
  auto xops = [](unsigned long long *r) {
    r[0] = im::vabsdiffs4(0x7f7f8080u, 0x80007fffu);
    r[1] = im::vaddss2(0x80007fffu, 0x80000000u);
    r[2] = im::byte_perm(0x12345678u, 0x80000000u, 0x9abcdef0u);
    r[3] = im::vavgs2(0x7f7f8080u, 0x80007fffu);
    r[4] = im::umul64hi(0xfffffffe00000003ull, 0x1000003ull);
    r[5] = (unsigned long long)im::mul64hi((long long)0xfffffffe00000003ull, 0x1000003ll);
    r[6] = (unsigned)im::float2int_rd(-3.7f);
    r[7] = im::float2uint_rn(2.5f);
    r[8] = sycl::bit_cast<unsigned>(im::ll2float_ru(0x123456789abcdef0ll));
    r[9] = sycl::bit_cast<unsigned long long>(im::ull2double_rz(0xffffff7fffffffffull));
    bool hi = false, lo = false;
    r[10] = im::vibmax_s16x2(0x80007fffu, 0x80000000u, &hi, &lo) | (unsigned long long)hi << 33 | (unsigned long long)lo << 32;
    r[11] = im::viaddmax_s16x2_relu(0x80007fffu, 0x80000000u, 0x7f80ff01u);
    r[12] = im::brev(0x12345678u);
    r[13] = (unsigned)im::clz(0x00ff00ff);
    r[14] = im::vsads4(0x9abcdef0u, 0x7fffu);
    r[15] = sycl::bit_cast<unsigned>(im::double2float_rd(0.1));
    r[16] = (unsigned long long)im::float2ll_rz(sycl::bit_cast<float>(0x7fc00000u));
    // C's functions under sycl::ext::intel::math's names (exact results).
    r[17] = (unsigned)im::ilogb(8.0);
    r[18] = (unsigned)im::ldexp(1.5f, 4);
    r[19] = (unsigned long long)im::llround(2.5);
    r[20] = (unsigned long long)im::lrint(2.5);
    const double v[3] = {3.0, 4.0, 12.0};
    r[21] = (unsigned)im::norm(3, v);
    float s = 0, c = 0;
    im::sincos(0.7f, &s, &c);
    r[22] = s * s + c * c > 0.99999f && s * s + c * c < 1.00001f && s > 0.64f && s < 0.65f;
  };
  q.single_task([=] { xops(xr); }).wait();
  const unsigned long long xwant[nx] = {0xff7fff7f, 0x80007fff, 0x8078, 0xffbf0040, 0x1000002, 0xffffffffffffffff,
                                        0xfffffffc, 2, 0x5d91a2b4, 0x43efffffefffffff, 0x380007fff, 0x7f807fff,
                                        0x1e6a2c48, 8, 0x15a, 0x3dcccccc, 0x8000000000000000, 3, 24, 3, 2, 13, 1};
  unsigned long long xh[nx];
  xops(xh);
  for (int i = 0; i < nx; ++i) {
    if (xr[i] != xwant[i] || xh[i] != xwant[i]) {
      std::printf("intel::math integer #%d: device %#llx, host %#llx, CUDA %#llx  FAIL\n", i, xr[i], xh[i], xwant[i]);
      ++imf_failures;
    }
  }
  std::printf("sycl::ext::intel::math integer, SIMD and conversions: %d checks\n", nx);
  sycl::free(xr, q);

  // Rounded arithmetic, half and bfloat16 conversions with a rounding mode, and the
  // special functions: on pseudo-random operands of every class, the device's results
  // must equal the host's bit for bit (the same integer arithmetic: the host's were
  // checked against x86's rounding modes and CUDA's, toolchain/devicelib/check), or for
  // the special functions, which call the device's erf, exp and sin, agree closely.
  constexpr int nr = 256, nrf = 48;
  float *fa = sycl::malloc_shared<float>(3 * nr, q);
  double *da = sycl::malloc_shared<double>(3 * nr, q);
  unsigned long long *rr = sycl::malloc_shared<unsigned long long>(nr * nrf, q);
  constexpr int ns = 11;
  double *sr = sycl::malloc_shared<double>(nr * ns, q);
  unsigned long long seed = 42;
  auto rnd = [&seed] {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return seed ^ (seed >> 29);
  };
  for (int i = 0; i < 3 * nr; ++i) {
    unsigned long long r = rnd(), m = rnd();
    unsigned fb = i % 2 ? (unsigned)(r >> 32) : (unsigned)((r >> 32 & 0x80000000u) | (112u + (r % 32)) << 23 | (m & 0x7fffff));
    unsigned long long db = i % 2 ? r : (r & 0x8000000000000000ull) | (1008ull + (r >> 20) % 32) << 52 | (m & 0xfffffffffffffull);
    std::memcpy(&fa[i], &fb, 4);
    std::memcpy(&da[i], &db, 8);
  }
  auto rops = [](const float *f, const double *d, int i, unsigned long long *o, double *sp) {
    float a = f[i], b = f[i + nr], c = f[i + 2 * nr];
    double x = d[i], y = d[i + nr], z = d[i + 2 * nr];
    int k = 0;
    auto F = [&](float v) { o[k++] = sycl::bit_cast<unsigned>(v); };
    auto D = [&](double v) { o[k++] = sycl::bit_cast<unsigned long long>(v); };
    auto U = [&](unsigned long long v) { o[k++] = v; };
    F(im::fadd_rd(a, b)), F(im::fsub_ru(a, b)), F(im::fmul_rz(a, b)), F(im::fdiv_rn(a, b)), F(im::fdiv_rd(a, b));
    F(im::fmaf_ru(a, b, c)), F(im::fmaf_rz(a, -a * b, c)), F(im::fsqrt_rd(a)), F(im::frcp_ru(a));
    D(im::dadd_ru(x, y)), D(im::dsub_rz(x, y)), D(im::dmul_rd(x, y)), D(im::ddiv_ru(x, y)), D(im::ddiv_rz(x, y));
    D(im::fma_rd(x, y, z)), D(im::fma_ru(x, y, -x * y)), D(im::dsqrt_ru(x)), D(im::drcp_rd(x));
    U(sycl::bit_cast<unsigned short>(im::float2half_rd(a))), U(sycl::bit_cast<unsigned short>(im::float2half_ru(c)));
    U(sycl::bit_cast<unsigned short>(im::float2half_rz(b * 1e-4f))), U(sycl::bit_cast<unsigned short>(im::double2half(z)));
    U(sycl::bit_cast<unsigned short>(im::float2bfloat16_rd(a))), U(sycl::bit_cast<unsigned short>(im::float2bfloat16_rz(b)));
    U(sycl::bit_cast<unsigned short>(im::ll2half_ru((long long)sycl::bit_cast<unsigned long long>(x) >> (i % 50))));
    U(sycl::bit_cast<unsigned short>(im::int2bfloat16_rd(sycl::bit_cast<int>(a))));
    U(sycl::bit_cast<unsigned short>(im::ushort2half_rz((unsigned short)sycl::bit_cast<unsigned>(b))));
    sycl::half h = sycl::bit_cast<sycl::half>((unsigned short)sycl::bit_cast<unsigned>(c));
    U((unsigned)im::half2int_rd(h)), U((unsigned short)im::half2short_ru(h)), U(sycl::bit_cast<unsigned>(im::half2float(h)));
    sycl::ext::oneapi::bfloat16 bh = sycl::bit_cast<sycl::ext::oneapi::bfloat16>((unsigned short)(sycl::bit_cast<unsigned>(c) >> 16));
    U((unsigned long long)im::bfloat162ll_rz(bh)), U(sycl::bit_cast<unsigned>(im::bfloat162float(bh)));
    int e = 0;
    D(im::frexp(x, &e)), U((unsigned)e);
    double ip = 0;
    D(im::modf(x, &ip)), D(ip);
    D(im::remquo(x, y, &e)), U((unsigned)(e & 7));
    U(sycl::bit_cast<unsigned short>(im::ceil(h))), U(sycl::bit_cast<unsigned short>(im::trunc(h)));
    // Through the device's own math functions: compared with a tolerance.
    double p = sycl::fabs(sycl::fmod(x, 1.0)), t = (double)(unsigned)(i + 1) / (nr + 1);
    sp[0] = im::erfinv(2 * t - 1), sp[1] = im::erfcinv(t), sp[2] = im::cdfnorm(x > 40 || x < -40 ? 1 / x : x);
    sp[3] = im::cdfnorminv(t), sp[4] = im::sinpi(y < 1e6 && y > -1e6 ? y : p), sp[5] = im::cospi(p * 100);
    sp[6] = im::erfcx(z > 30 || z < -20 ? p * 30 : z), sp[7] = im::erfinv(float(t)) + im::sinpi(float(p));
    // Bessel functions, kept away from their zeros (relative tolerance): to 50 and 1e5.
    double bx = i % 2 ? p * 50 : sycl::fabs(y) < 1e5 ? sycl::fabs(y) + 0.5 : 3e4 * p + 0.5;
    sp[8] = im::j0(bx) + im::y1(bx) + 4, sp[9] = im::jn(i % 7, bx) + im::yn(i % 5, bx + 1) / 4 + im::cyl_bessel_i1(p * 20) + 4;
    sp[10] = im::j1(float(bx)) + im::y0(float(bx)) + im::cyl_bessel_i0(float(p)) + 4;
    return k;
  };
  q.parallel_for(sycl::range<1>(nr), [=](sycl::id<1> i) { rops(fa, da, i, rr + i * nrf, sr + i * ns); }).wait();
  int rounded_failures = 0, count = 0;
  for (int i = 0; i < nr; ++i) {
    unsigned long long ho[nrf];
    double hs[ns];
    count = rops(fa, da, i, ho, hs);
    for (int j = 0; j < count; ++j) {
      if (ho[j] != rr[i * nrf + j] && rounded_failures++ < 10)
        std::printf("intel::math rounded #%d, operands %d: device %#llx, host %#llx  FAIL\n", j, i, rr[i * nrf + j], ho[j]);
    }
    for (int j = 0; j < ns; ++j) {
      double dv = sr[i * ns + j], hv = hs[j];
      bool close = dv == hv || (dv != dv && hv != hv) || std::abs(dv - hv) <= 1e-12 * std::abs(hv) + 1e-300;
      if (!close && rounded_failures++ < 10)
        std::printf("intel::math special #%d, operands %d: device %.17g, host %.17g  FAIL\n", j, i, dv, hv);
    }
  }
  std::printf("sycl::ext::intel::math rounded, conversions and special functions: %d operand sets x %d+%d results\n", nr, count, ns);
  imf_failures += rounded_failures;
  sycl::free(fa, q);
  sycl::free(da, q);
  sycl::free(rr, q);
  sycl::free(sr, q);

  cf hf[nc];
  cd hd[nc];
  ops(af, bf, hf);
  ops(ad, bd, hd);
  int failures = imf_failures;
  const char *names[nc] = {"*",    "/",    "abs",   "arg",   "exp",  "log",  "sqrt",  "pow",
                           "sin",  "cos",  "tan",   "sinh",  "cosh", "tanh", "asin",  "acos",
                           "atan", "asinh", "acosh", "atanh", "proj", "asinh near 0", "tanh far", "acos far"};
  for (int i = 0; i < nc; ++i) {
    bool okf = std::abs(zf[i] - hf[i]) <= 1e-5f * (1 + std::abs(hf[i]));
    bool okd = std::abs(zd[i] - hd[i]) <= 1e-12 * (1 + std::abs(hd[i]));
    std::printf("complex %s: float (%g,%g) host (%g,%g); double (%.15g,%.15g) host (%.15g,%.15g)%s\n", names[i],
                zf[i].real(), zf[i].imag(), hf[i].real(), hf[i].imag(), zd[i].real(), zd[i].imag(), hd[i].real(),
                hd[i].imag(), okf && okd ? "" : "  FAIL");
    failures += !(okf && okd);
  }
  for (int i = 0; i < n; ++i) {
    bfloat16 h(in[i]);
    float want = float(h) * 2.0f;
    bool same = bits(conv[i]) == bits(h) && (std::isnan(want) ? std::isnan(back[i]) : back[i] == want);
    std::printf("%g -> 0x%04x (host 0x%04x), back x2 %g%s\n", in[i], bits(conv[i]), bits(h), back[i], same ? "" : "  FAIL");
    failures += !same;
  }
  const float vwant[4] = {1.0f, 3.0f, -6.0f, 14.0f};
  for (int i = 0; i < 4; ++i) {
    if (vec[i] != vwant[i]) {
      std::printf("marray[%d] = %g, want %g  FAIL\n", i, vec[i], vwant[i]);
      ++failures;
    }
  }
  sycl::free(data, q);
  sycl::free(conv, q);
  sycl::free(back, q);
  sycl::free(vec, q);
  sycl::free(zf, q);
  sycl::free(mf, q);
  sycl::free(md, q);
  sycl::free(zd, q);
  std::printf(failures ? "%d failures\n" : "ok\n", failures);
  return failures ? 1 : 0;
}
