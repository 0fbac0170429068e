#pragma once
#define PARITY_IMPL_FACTOR 1.5f
float detail_factor();
