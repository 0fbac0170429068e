"""Benchmark rules (docs/PERFORMANCE.md): the baselines of the whole-build comparison
(one action; CMake-like: per-TU compiles and one parallel link action) and the
many-small-actions rule of the worker benchmark."""

# buildifier: disable=bzl-visibility (rules_sycl's own benchmarks use its private rules)
load("//tools/bench:monolithic.bzl", _sycl_cmake_like_binary = "sycl_cmake_like_binary", _sycl_monolithic_binary = "sycl_monolithic_binary")

# buildifier: disable=bzl-visibility
load("//tools/bench:worker_bench.bzl", _device_actions = "device_actions")

sycl_monolithic_binary = _sycl_monolithic_binary
sycl_cmake_like_binary = _sycl_cmake_like_binary
device_actions = _device_actions
