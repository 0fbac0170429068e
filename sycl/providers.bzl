"""Public providers of rules_sycl."""

load("//sycl/private:providers.bzl", _SyclToolchainInfo = "SyclToolchainInfo")

SyclToolchainInfo = _SyclToolchainInfo
