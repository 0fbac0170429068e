// cc_binary/cc_test parity: args, env, data runfiles, linkopts (the binary's and a
// library's), alwayslink, strip_include_prefix/include_prefix, implementation_deps,
// local_defines; and a kernel that uses the library's device function.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "examples/cc_parity/registry.h"
#include "rsycl/sycl_lite.h"
#include "vendor/parity/scale.h"

#ifdef PARITY_IMPL_FACTOR
#error "implementation_deps leaked :detail's header to a dependent of :scale"
#endif
#ifndef PARITY_LOCAL
#error "local_defines did not reach the binary's own compile"
#endif

// Absolute symbols from the link lines (--defsym in linkopts): their addresses are the values.
extern "C" char rsycl_parity_binary_linkopt[];
extern "C" char rsycl_parity_library_linkopt[];

class ParityScale;

static int fail(const char *what) {
  std::printf("FAIL: %s\n", what);
  return 1;
}

int main(int argc, char **argv) {
  // args: $(rootpath) of the data file, then a literal with a space; sycl_test adds
  // --expect-env.
  if (argc != 3 && !(argc == 4 && std::strcmp(argv[3], "--expect-env") == 0)) return fail("expected the args attribute's arguments");
  if (std::strcmp(argv[2], "two words") != 0) return fail("second argument is not 'two words'");
  FILE *f = std::fopen(argv[1], "r");
  if (!f) return fail("the data file is not in the runfiles");
  char line[64] = {0};
  if (!std::fgets(line, sizeof line, f) || std::strcmp(line, "parity data file\n") != 0) return fail("data file content");
  std::fclose(f);
  const char *env = std::getenv("PARITY_ENV");
  if (argc == 4 && (!env || std::strcmp(env, "from the env attribute") != 0)) return fail("PARITY_ENV (the env attribute)");
  if (reinterpret_cast<uintptr_t>(rsycl_parity_binary_linkopt) != 0x2a) return fail("the binary's linkopts");
  if (reinterpret_cast<uintptr_t>(rsycl_parity_library_linkopt) != 0x17) return fail("the library's linkopts");
  if (parity_registered() != 7) return fail("the alwayslink library's static initializer did not run");

  const size_t n = 256;
  float *x = static_cast<float *>(rsycl_malloc_shared(n * sizeof(float)));
  for (size_t i = 0; i < n; i++) x[i] = static_cast<float>(i);
  const float factor = parity_factor();
  if (rsycl::parallel_for<ParityScale>(n, [=](size_t i) { x[i] = parity_scale(x[i], factor) + PARITY_LOCAL; }) != RSYCL_OK) {
    std::printf("launch failed: %s\n", rsycl_last_error());
    return 1;
  }
  for (size_t i = 0; i < n; i++) {
    if (x[i] != static_cast<float>(i) * 3.0f + PARITY_LOCAL) return fail("kernel result");
  }
  std::printf("cc parity: args, %s, data, linkopts, alwayslink, include prefixes ok; x[%zu] = %g\n",
              env ? "env" : "no env", n - 1, x[n - 1]);
  return 0;
}
