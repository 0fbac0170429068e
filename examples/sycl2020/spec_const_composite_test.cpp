// Composite specialization constants as users write them: a struct, an array of arrays,
// an over-aligned struct with padding and a struct with padding in the middle and a
// constexpr constructor (DPC++'s front end writes its default as a literal struct
// without the padding fields), and a std::array (a struct whose LLVM name,
// %"struct.std::array", must stay quoted), each read at its default and after
// handler::set_specialization_constant (to other values and to all zeros).
#include <sycl/sycl.hpp>

#include <array>
#include <cstdio>

struct user_defined_type {
  float a;
  int b;
  char c;
};

struct alignas(64) padded {
  char tag;
  double x;
  short s[3];
};

struct ctor_type {
  float a;
  char d;
  int b;
  char c;
  constexpr ctor_type() : a(0), d(0), b(0), c(0) {}
  constexpr ctor_type(float a, int b, char c) : a(a), d('a'), b(b), c(c) {}
};

struct grid {
  int cell[2][3];
};

constexpr sycl::specialization_id<user_defined_type> udt(user_defined_type{1.5f, 7, 'q'});
constexpr sycl::specialization_id<grid> cells(grid{{{1, 2, 3}, {4, 5, 6}}});
constexpr sycl::specialization_id<padded> pad(padded{'z', 2.25, {10, 20, 30}});
constexpr sycl::specialization_id<ctor_type> ctor(3.25f, 42, 8);
constexpr sycl::specialization_id<bool> flag(true);
using coeff_t = std::array<double, 3>;
constexpr sycl::specialization_id<coeff_t> coeffs(coeff_t{0.5, 1.5, 2.5});

// One number that changes with every field of the three constants.
static double digest(const user_defined_type &u, const grid &g, const padded &p, const ctor_type &k,
                     const coeff_t &c) {
  double d = u.a * 3 + u.b * 5 + u.c * 7 + k.a * 31 + k.d * 37 + k.b * 41 + k.c * 43;
  d += c[0] * 53 + c[1] * 59 + c[2] * 61;
  if (k.b != 0) d += 1000; // the bool constant: set from k.b, true by default (k0.b is 42)
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j) d += g.cell[i][j] * (11 + 3 * i + j);
  d += p.tag * 13 + p.x * 17 + p.s[0] * 19 + p.s[1] * 23 + p.s[2] * 29;
  return d;
}

static double run(sycl::queue &q, bool set, const user_defined_type &u, const grid &g,
                  const padded &p, const ctor_type &k, const coeff_t &c) {
  double *out = sycl::malloc_shared<double>(1, q);
  q.submit([&](sycl::handler &h) {
     if (set) {
       h.set_specialization_constant<udt>(u);
       h.set_specialization_constant<cells>(g);
       h.set_specialization_constant<pad>(p);
       h.set_specialization_constant<ctor>(k);
       h.set_specialization_constant<flag>(k.b != 0);
       h.set_specialization_constant<coeffs>(c);
     }
     h.single_task([=](sycl::kernel_handler kh) {
       user_defined_type du = kh.get_specialization_constant<udt>();
       grid dg = kh.get_specialization_constant<cells>();
       padded dp = kh.get_specialization_constant<pad>();
       ctor_type dk = kh.get_specialization_constant<ctor>();
       coeff_t dc = kh.get_specialization_constant<coeffs>();
       double d = du.a * 3 + du.b * 5 + du.c * 7 + dk.a * 31 + dk.d * 37 + dk.b * 41 + dk.c * 43;
       d += dc[0] * 53 + dc[1] * 59 + dc[2] * 61;
       if (kh.get_specialization_constant<flag>()) d += 1000;
       for (int i = 0; i < 2; ++i)
         for (int j = 0; j < 3; ++j) d += dg.cell[i][j] * (11 + 3 * i + j);
       d += dp.tag * 13 + dp.x * 17 + dp.s[0] * 19 + dp.s[1] * 23 + dp.s[2] * 29;
       *out = d;
     });
   }).wait();
  double r = *out;
  sycl::free(out, q);
  return r;
}

int main() {
  sycl::queue q;
  if (!q.get_device().has(sycl::aspect::fp64)) {
    std::printf("device has no fp64\n");
    return 1;
  }
  int failures = 0;
  auto check = [&](const char *what, double got, double want) {
    std::printf("%s: %g (want %g)\n", what, got, want);
    failures += got != want;
  };
  user_defined_type u0{1.5f, 7, 'q'}, u1{-2.0f, 40, 'A'}, uz{};
  grid g0{{{1, 2, 3}, {4, 5, 6}}}, g1{{{-1, 9, 8}, {7, 0, 2}}}, gz{};
  padded p0{'z', 2.25, {10, 20, 30}}, p1{'b', -0.5, {1, 2, 3}}, pz{};
  ctor_type k0(3.25f, 42, 8), k1(-1.5f, 7, 'x'), kz;
  coeff_t c0{0.5, 1.5, 2.5}, c1{-3.0, 0.25, 8.0}, cz{};
  check("defaults", run(q, false, uz, gz, pz, kz, cz), digest(u0, g0, p0, k0, c0));
  check("set", run(q, true, u1, g1, p1, k1, c1), digest(u1, g1, p1, k1, c1));
  check("set to zero", run(q, true, uz, gz, pz, kz, cz), digest(uz, gz, pz, kz, cz));
  return failures ? 1 : 0;
}
