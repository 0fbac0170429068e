// This is the SYCL integration header of vadd.cpp, in the form DPC++'s device front end
// writes it (-fsycl-int-header): the kernels' names, their parameters (kind, size or
// access target, offset in the kernel's function object) and the KernelInfo
// specializations libsycl's headers read. Written by hand for this example.

#include <sycl/detail/defines_elementary.hpp>
#include <sycl/detail/kernel_desc.hpp>

// Forward declarations of templated kernel function types:
class VAdd;
class Scale64;
class Coeff;

namespace sycl {
inline namespace _V1 {
namespace detail {
// names of all kernels defined in the corresponding source
static constexpr
const char* const kernel_names[] = {
  "_ZTS4VAdd",
  "_ZTS7Scale64",
  "_ZTS5Coeff"
};

// array representing signatures of all kernels defined in the
// corresponding source
static constexpr
const kernel_param_desc_t kernel_signatures[] = {
  //--- _ZTS4VAdd
  { kernel_param_kind_t::kind_pointer, 8, 0 },
  { kernel_param_kind_t::kind_pointer, 8, 8 },
  { kernel_param_kind_t::kind_pointer, 8, 16 },

  //--- _ZTS7Scale64
  { kernel_param_kind_t::kind_pointer, 8, 0 },
  { kernel_param_kind_t::kind_std_layout, 8, 8 },

  //--- _ZTS5Coeff
  { kernel_param_kind_t::kind_pointer, 8, 0 },

  { kernel_param_kind_t::kind_invalid, -987654321, -987654321 },
};

// Specializations of KernelInfo for kernel function types:
template <> struct KernelInfo<::VAdd> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTS4VAdd"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 3; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+0];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() { return "vadd.cpp"; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() { return "VAdd"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() { return 33; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() { return 50; }
  __SYCL_DLL_LOCAL
  static constexpr int64_t getKernelSize() { return 24; }
};
template <> struct KernelInfo<::Scale64> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTS7Scale64"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 2; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+3];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() { return "vadd.cpp"; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() { return "Scale64"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() { return 43; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() { return 55; }
  __SYCL_DLL_LOCAL
  static constexpr int64_t getKernelSize() { return 16; }
};
template <> struct KernelInfo<::Coeff> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTS5Coeff"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 1; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+5];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() { return "vadd.cpp"; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() { return "Coeff"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() { return 57; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() { return 55; }
  __SYCL_DLL_LOCAL
  static constexpr int64_t getKernelSize() { return 8; }
};

} // namespace detail
} // namespace _V1
} // namespace sycl
