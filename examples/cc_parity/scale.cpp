#include "vendor/parity/scale.h"
#include "detail.h"

// PARITY_IMPL_FACTOR comes from :detail, an implementation_deps of :scale: this file sees
// it, scale's dependents do not (main.cpp checks).
float parity_factor() { return detail_factor() * PARITY_IMPL_FACTOR; }
