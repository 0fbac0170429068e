// Included as "vendor/parity/scale.h": sycl_library's strip_include_prefix = "include"
// and include_prefix = "vendor" (cc_library's semantics).
#pragma once

float parity_factor();

// A device function: inlined into the kernels of every TU that includes it.
inline float parity_scale(float x, float factor) { return x * factor; }
