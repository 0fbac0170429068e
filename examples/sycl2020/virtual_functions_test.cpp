// Virtual functions in device code (DPC++'s sycl_ext_oneapi_virtual_functions): objects
// of three classes are constructed on the device, and a kernel that declares it calls
// indirectly reaches their overrides through the base class.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <new>

namespace syclex = sycl::ext::oneapi::experimental;

class Shape {
public:
  SYCL_EXT_ONEAPI_FUNCTION_PROPERTY(syclex::indirectly_callable)
  virtual float area(float s) const { return 0.0f; }
};

class Square : public Shape {
public:
  SYCL_EXT_ONEAPI_FUNCTION_PROPERTY(syclex::indirectly_callable)
  float area(float s) const override { return s * s; }
};

class Triangle : public Shape {
public:
  SYCL_EXT_ONEAPI_FUNCTION_PROPERTY(syclex::indirectly_callable)
  float area(float s) const override { return 0.5f * s * s; }
};

// Room for any of the three, constructed in place on the device.
struct alignas(Square) alignas(Triangle) Storage {
  unsigned char bytes[sizeof(Square) > sizeof(Triangle) ? sizeof(Square) : sizeof(Triangle)];
  Shape *make(int kind) {
    switch (kind) {
    case 1:
      return new (bytes) Square;
    case 2:
      return new (bytes) Triangle;
    default:
      return new (bytes) Shape;
    }
  }
};

int main() {
  sycl::queue q;
  std::printf("device: %s, ext_oneapi_virtual_functions: %d\n",
              q.get_device().get_info<sycl::info::device::name>().c_str(),
              int(q.get_device().has(sycl::aspect::ext_oneapi_virtual_functions)));
  constexpr int n = 6;
  float *out = sycl::malloc_shared<float>(n, q);
  Storage *storage = sycl::malloc_device<Storage>(n, q);
  constexpr syclex::properties props{syclex::assume_indirect_calls};
  q.parallel_for(sycl::range<1>(n), props, [=](sycl::id<1> i) {
     Shape *s = storage[i].make(int(i) % 3);
     out[i] = s->area(float(i) + 1.0f);
   }).wait();
  int failures = 0;
  for (int i = 0; i < n; ++i) {
    float side = float(i) + 1.0f;
    float want = i % 3 == 1 ? side * side : i % 3 == 2 ? 0.5f * side * side : 0.0f;
    std::printf("out[%d] = %g (want %g)\n", i, out[i], want);
    failures += out[i] != want;
  }
  sycl::free(out, q);
  sycl::free(storage, q);
  return failures ? 1 : 0;
}
