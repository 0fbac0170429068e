"""Benchmark rules (docs/PERFORMANCE.md): the one-action baseline of the whole-build
comparison and the many-small-actions rule of the worker benchmark."""

# buildifier: disable=bzl-visibility (rules_sycl's own benchmarks use its private rules)
load("//sycl/private:bench/monolithic.bzl", _sycl_monolithic_binary = "sycl_monolithic_binary")

# buildifier: disable=bzl-visibility
load("//sycl/private:bench/worker_bench.bzl", _device_actions = "device_actions")

sycl_monolithic_binary = _sycl_monolithic_binary
device_actions = _device_actions
