// Composite specialization constants as users write them: a struct, an array of arrays
// and an over-aligned struct with padding, each read at its default and after
// handler::set_specialization_constant (to other values and to all zeros).
#include <sycl/sycl.hpp>

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

struct grid {
  int cell[2][3];
};

constexpr sycl::specialization_id<user_defined_type> udt(user_defined_type{1.5f, 7, 'q'});
constexpr sycl::specialization_id<grid> cells(grid{{{1, 2, 3}, {4, 5, 6}}});
constexpr sycl::specialization_id<padded> pad(padded{'z', 2.25, {10, 20, 30}});

// One number that changes with every field of the three constants.
static double digest(const user_defined_type &u, const grid &g, const padded &p) {
  double d = u.a * 3 + u.b * 5 + u.c * 7;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j) d += g.cell[i][j] * (11 + 3 * i + j);
  d += p.tag * 13 + p.x * 17 + p.s[0] * 19 + p.s[1] * 23 + p.s[2] * 29;
  return d;
}

static double run(sycl::queue &q, bool set, const user_defined_type &u, const grid &g,
                  const padded &p) {
  double *out = sycl::malloc_shared<double>(1, q);
  q.submit([&](sycl::handler &h) {
     if (set) {
       h.set_specialization_constant<udt>(u);
       h.set_specialization_constant<cells>(g);
       h.set_specialization_constant<pad>(p);
     }
     h.single_task([=](sycl::kernel_handler kh) {
       user_defined_type du = kh.get_specialization_constant<udt>();
       grid dg = kh.get_specialization_constant<cells>();
       padded dp = kh.get_specialization_constant<pad>();
       double d = du.a * 3 + du.b * 5 + du.c * 7;
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
  check("defaults", run(q, false, uz, gz, pz), digest(u0, g0, p0));
  check("set", run(q, true, u1, g1, p1), digest(u1, g1, p1));
  check("set to zero", run(q, true, uz, gz, pz), digest(uz, gz, pz));
  return failures ? 1 : 0;
}
