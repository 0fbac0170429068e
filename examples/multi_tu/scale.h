// A device function defined in another translation unit and library.
#pragma once
[[clang::sycl_external]] float scale(float x, float factor);
