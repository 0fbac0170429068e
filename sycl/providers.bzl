"""Public providers of rules_sycl."""

load("//sycl/private:providers.bzl", _SyclFrontEndInfo = "SyclFrontEndInfo", _SyclRuntimeInfo = "SyclRuntimeInfo", _SyclToolchainInfo = "SyclToolchainInfo")

SyclToolchainInfo = _SyclToolchainInfo
SyclFrontEndInfo = _SyclFrontEndInfo
SyclRuntimeInfo = _SyclRuntimeInfo
