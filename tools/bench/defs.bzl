"""Benchmark-only rules: the one-action baseline of the whole-build comparison."""

load("//sycl/private:rules.bzl", _sycl_monolithic_binary = "sycl_monolithic_binary")

sycl_monolithic_binary = _sycl_monolithic_binary
