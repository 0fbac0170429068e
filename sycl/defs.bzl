"""Public API of rules_sycl: load everything from here.

    load("@rules_sycl//sycl:defs.bzl", "sycl_toolchain")
"""

load("//sycl/private:providers.bzl", _SyclToolchainInfo = "SyclToolchainInfo")
load("//sycl/private:toolchain.bzl", _sycl_toolchain = "sycl_toolchain")

SyclToolchainInfo = _SyclToolchainInfo
sycl_toolchain = _sycl_toolchain
