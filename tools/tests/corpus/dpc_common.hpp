// A stand-in for dpc_common.hpp, the header of the oneAPI Base Toolkit's dev-utilities
// that Intel's oneAPI samples include (no wheel ships it). The samples of
// tools/tests/corpus_test.sh use one name from it: dpc_common::TimeInterval, a
// stopwatch started at construction. Written for the test, not copied.
#pragma once
#include <chrono>
#include <sycl/sycl.hpp>

namespace dpc_common {
class TimeInterval {
 public:
  TimeInterval() : start_(std::chrono::steady_clock::now()) {}
  // Seconds since construction.
  double Elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_;
};
}  // namespace dpc_common
