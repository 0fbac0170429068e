// Virtual functions in two sets (sycl_ext_oneapi_virtual_functions): the default set,
// whose function uses no optional feature, and a named set whose function uses double.
// One kernel only constructs the object (its vtable names both functions); one calls
// through the default set; one, run only where the device has fp64, calls through the
// named set. The fp64 set's image gets a dummy stand-in with empty bodies; libsycl links
// the sets' images into the kernels that use them.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <new>

namespace syclex = sycl::ext::oneapi::experimental;

struct precise_set;

class Counter {
public:
  int plain = 0;
  int precise = 0; // in quarters, computed in double

  SYCL_EXT_ONEAPI_FUNCTION_PROPERTY(syclex::indirectly_callable)
  virtual void bump() { plain += 1; }

  SYCL_EXT_ONEAPI_FUNCTION_PROPERTY(syclex::indirectly_callable_in<precise_set>)
  virtual void bump_precise() {
    volatile double q = 0.25;
    precise += int(q * 4);
  }
};

class Build;
class CallPlain;
class CallPrecise;

int main() {
  sycl::queue q;
  const bool fp64 = q.get_device().has(sycl::aspect::fp64);
  Counter *c = sycl::malloc_shared<Counter>(1, q);
  q.single_task<Build>([=] { new (c) Counter; }).wait();
  for (int i = 0; i < 3; ++i) {
    q.single_task<CallPlain>(syclex::properties{syclex::assume_indirect_calls}, [=] { c->bump(); }).wait();
  }
  if (fp64) {
    q.single_task<CallPrecise>(syclex::properties{syclex::assume_indirect_calls_to<precise_set>},
                               [=] { c->bump_precise(); })
        .wait();
  }
  std::printf("fp64: %d, plain: %d, precise: %d\n", int(fp64), c->plain, c->precise);
  int failures = 0;
  if (c->plain != 3) {
    std::printf("FAIL: the default set's function ran %d times, want 3\n", c->plain);
    ++failures;
  }
  if (c->precise != (fp64 ? 1 : 0)) {
    std::printf("FAIL: the fp64 set's function gave %d\n", c->precise);
    ++failures;
  }
  sycl::free(c, q);
  if (failures == 0) std::printf("ok\n");
  return failures ? 1 : 0;
}
