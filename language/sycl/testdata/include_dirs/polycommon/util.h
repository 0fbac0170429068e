#pragma once
inline float percent_diff(float a, float b) { return a > b ? a - b : b - a; }
