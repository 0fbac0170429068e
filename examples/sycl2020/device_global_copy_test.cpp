// device_global variables written and read from the host with queue::copy and
// queue::memcpy, and by kernels in between.
#include <sycl/sycl.hpp>

#include <cstdio>

namespace syclex = sycl::ext::oneapi::experimental;

struct Params {
  float scale;
  int bias;
  short pad_after;
};

syclex::device_global<int[4]> table;
syclex::device_global<float> scale;
// One copy per device image, written by the runtime into the program.
syclex::device_global<int, decltype(syclex::properties{syclex::device_image_scope})> counter;

// Zero until the program writes it.
syclex::device_global<Params> params;

int main() {
  sycl::queue q;
  int in[4] = {1, 2, 3, 4}, out[4] = {};
  float s = 2.5f, s_back = 0.0f;
  q.copy(in, table).wait();
  q.memcpy(scale, &s).wait();
  Params p_before{1.0f, 1, 1}, p_after{}, p_set{0.5f, 100, 7};
  q.copy(params, &p_before).wait();
  q.copy(&p_set, params).wait();
  int c_set = 40, c_back = 0;
  q.copy(&c_set, counter).wait();
  q.single_task([=] {
     for (int i = 0; i < 4; ++i) table[i] = int(table[i] * scale.get()) + i;
     scale = scale * 2.0f;
     Params p = params.get();
     params = Params{p.scale * 4.0f, p.bias + 1, short(p.pad_after + 1)};
     counter = counter + 2;
   }).wait();
  q.copy(params, &p_after).wait();
  q.copy(counter, &c_back).wait();
  q.copy(table, out).wait();
  q.memcpy(&s_back, scale).wait();
  int want[4] = {2, 6, 9, 13};
  int failures = s_back != 5.0f || c_back != 42;
  std::printf("counter: %d (want 42)\n", c_back);
  std::printf("params before: %g %d %d (want 0 0 0), after: %g %d %d (want 2 101 8)\n", p_before.scale,
              p_before.bias, p_before.pad_after, p_after.scale, p_after.bias, p_after.pad_after);
  failures += p_before.scale != 0.0f || p_before.bias != 0 || p_before.pad_after != 0;
  failures += p_after.scale != 2.0f || p_after.bias != 101 || p_after.pad_after != 8;
  std::printf("scale: %g (want 5)\n", s_back);
  for (int i = 0; i < 4; ++i) {
    std::printf("table[%d] = %d (want %d)\n", i, out[i], want[i]);
    failures += out[i] != want[i];
  }
  return failures ? 1 : 0;
}
