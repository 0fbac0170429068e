// This is the SYCL integration footer of vadd.cpp, in the form DPC++'s device front end
// writes it (-fsycl-int-footer): appended to the source for the host compile. It maps
// each specialization_id the device code reads to the symbolic ID the device IR names it
// by (__builtin_sycl_unique_stable_id: for a variable with external linkage, its mangled
// name), which libsycl looks up in the image's [SYCL/specialization constants] set.
// vadd.cpp has no device globals, so it registers none. Written by hand for this example.
#include <sycl/detail/defines_elementary.hpp>

namespace sycl {
inline namespace _V1 {
namespace detail {
template <>
inline const char *get_spec_constant_symbolic_ID_impl<::vadd::coeff>() {
  return "_ZN4vadd5coeffE";
}
} // namespace detail
} // namespace _V1
} // namespace sycl

#include <sycl/detail/spec_const_integration.hpp>
