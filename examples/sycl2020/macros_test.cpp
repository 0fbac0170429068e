// The predefined macros SYCL code branches on, as the host compile and the device compile
// of one TU see them: every one must be the same on both sides (DPC++'s driver sets them
// on both), except those that differ on purpose, listed with the reason. A kernel hashes
// the device side's text of each; the host compares it with its own.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <cstring>

#define RS_STR2(x) #x
#define RS_STR(x) RS_STR2(x)
#define RS_PROBE(m) (#m "=" RS_STR(m))

struct Probe {
  const char *name;
  const char *text;
  const char *differs; // why the sides differ on purpose, or nullptr
};

static constexpr Probe probes[] = {
#ifdef __SYCL_ID_QUERIES_FIT_IN_INT__
    {"__SYCL_ID_QUERIES_FIT_IN_INT__", RS_PROBE(__SYCL_ID_QUERIES_FIT_IN_INT__), nullptr},
#else
    {"__SYCL_ID_QUERIES_FIT_IN_INT__", "undefined", nullptr},
#endif
#ifdef SYCL_LANGUAGE_VERSION
    {"SYCL_LANGUAGE_VERSION", RS_PROBE(SYCL_LANGUAGE_VERSION), nullptr},
#else
    {"SYCL_LANGUAGE_VERSION", "undefined", nullptr},
#endif
#ifdef __SYCL_UNNAMED_LAMBDA__
    {"__SYCL_UNNAMED_LAMBDA__", "defined", nullptr},
#else
    {"__SYCL_UNNAMED_LAMBDA__", "undefined", nullptr},
#endif
#ifdef __cplusplus
    {"__cplusplus", RS_PROBE(__cplusplus), nullptr},
#endif
#ifdef __clang_major__
    {"__clang_major__", RS_PROBE(__clang_major__), nullptr},
#endif
#ifdef __SYCL_USE_NATIVE_BFLOAT16__
    {"__SYCL_USE_NATIVE_BFLOAT16__", "defined", nullptr},
#else
    {"__SYCL_USE_NATIVE_BFLOAT16__", "undefined", nullptr},
#endif
#ifdef __FAST_MATH__
    {"__FAST_MATH__", "defined", nullptr},
#else
    {"__FAST_MATH__", "undefined", nullptr},
#endif
#ifdef NDEBUG
    {"NDEBUG", "defined", nullptr},
#else
    {"NDEBUG", "undefined", nullptr},
#endif
#ifdef __INTEL_LLVM_COMPILER
    {"__INTEL_LLVM_COMPILER", RS_PROBE(__INTEL_LLVM_COMPILER),
     "the device front end is Intel's compiler, the host compiler is clang (DPC++'s headers test it only for Windows device code)"},
#else
    {"__INTEL_LLVM_COMPILER", "undefined",
     "the device front end is Intel's compiler, the host compiler is clang (DPC++'s headers test it only for Windows device code)"},
#endif
};
constexpr int n = sizeof(probes) / sizeof(probes[0]);

static unsigned hash(const char *s) {
  unsigned x = 5381;
  for (; *s; ++s) x = x * 33 + static_cast<unsigned char>(*s);
  return x;
}

int main() {
  sycl::queue q;
  unsigned *device = sycl::malloc_shared<unsigned>(n, q);
  q.single_task([=] {
     for (int i = 0; i < n; ++i) {
       unsigned x = 5381;
       for (const char *p = probes[i].text; *p; ++p) x = x * 33 + static_cast<unsigned char>(*p);
       device[i] = x;
     }
   }).wait();
  int failures = 0;
  for (int i = 0; i < n; ++i) {
    bool same = device[i] == hash(probes[i].text);
    if (same) {
      std::printf("same: %s (host: %s)\n", probes[i].name, probes[i].text);
    } else if (probes[i].differs) {
      std::printf("differs on purpose: %s (host: %s): %s\n", probes[i].name, probes[i].text, probes[i].differs);
    } else {
      std::printf("FAIL: %s differs between host and device (host: %s)\n", probes[i].name, probes[i].text);
      ++failures;
    }
  }
  sycl::free(device, q);
  return failures ? 1 : 0;
}
