// This is the SYCL integration footer of vadd.cpp, in the form DPC++'s device front end
// writes it (-fsycl-int-footer): appended to the source for the host compile. vadd.cpp
// has no specialization constants or device globals, so it registers nothing. Written
// by hand for this example.
#include <sycl/detail/defines_elementary.hpp>
