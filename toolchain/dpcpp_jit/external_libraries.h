/* The libraries rules_sycl does not provide, generated from internal/extlibs
 * (internal/gen/extlibs.go); do not edit (a test checks it is current). */
#ifndef RULES_SYCL_EXTERNAL_LIBRARIES_H
#define RULES_SYCL_EXTERNAL_LIBRARIES_H

/* An include path that is prefix (a prefix ending in '/' matches the headers below it)
 * belongs to library name, which a user gets from where; label: the target of rules_sycl
 * that provides it ("": none does). */
static const struct { const char *prefix, *name, *where, *label; } rs_external_libraries[] = {
  {"oneapi/dpl/", "oneDPL (oneAPI DPC++ Library)", "its headers come with the oneAPI Base Toolkit, PyPI's onedpl-devel or the oneDPL sources", ""},
  {"oneapi/mkl.hpp", "oneMKL's SYCL API", "rules_sycl lays it out from Intel's wheels as @onemkl", "@onemkl//:onemkl"},
  {"oneapi/mkl/", "oneMKL's SYCL API", "rules_sycl lays it out from Intel's wheels as @onemkl", "@onemkl//:onemkl"},
  {"mkl.h", "oneMKL's SYCL API", "rules_sycl lays it out from Intel's wheels as @onemkl", "@onemkl//:onemkl"},
  {"mkl_sycl.hpp", "oneMKL's SYCL API", "rules_sycl lays it out from Intel's wheels as @onemkl", "@onemkl//:onemkl"},
  {"dpct/", "SYCLomatic's dpct helpers", "its headers come with the oneAPI Base Toolkit (dpct) or the SYCLomatic sources", ""},
  {"dpc_common.hpp", "the oneAPI samples' dev-utilities", "the oneAPI Base Toolkit installs it in dev-utilities/latest/include", ""},
};

static const char rs_external_library_advice[] = "make its headers (and libraries) a cc_library or sycl_library and add that to deps";

#endif
