// The host side of rules_sycl's device library: the sycl::ext::intel::math functions
// (imf.inc). DPC++'s headers declare them extern "C" for the host compile too, where a
// kernel's body is compiled as well; DPC++'s driver links their host definitions, and
// @sycl_dpcpp's runtime links these. math.h is not included: imf.inc declares the C math
// functions it calls itself.
#define RS_EXPORT
extern "C" {
#include "imf.inc"
#include "imf_int.inc"
#include "imf_fp.inc"
}
