// A device function defined in its own translation unit (linked by rdc).
#pragma once
[[clang::sycl_external]] float lerp(float a, float b, float t);
