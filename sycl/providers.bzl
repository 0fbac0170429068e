"""Public providers of rules_sycl."""

load("//sycl/private:providers.bzl", _SyclRuntimeInfo = "SyclRuntimeInfo", _SyclToolchainInfo = "SyclToolchainInfo")

SyclToolchainInfo = _SyclToolchainInfo
SyclRuntimeInfo = _SyclRuntimeInfo
