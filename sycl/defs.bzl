"""Public API of rules_sycl: load everything from here.

    load("@rules_sycl//sycl:defs.bzl", "sycl_device", "sycl_traits_header", "sycl_toolchain")
"""

load("//sycl/private:device_config.bzl", _SyclDeviceConfigInfo = "SyclDeviceConfigInfo", _sycl_device_config = "sycl_device_config")
load("//sycl/private:devices_macro.bzl", _sycl_device = "sycl_device")
load("//sycl/private:providers.bzl", _SyclFrontEndInfo = "SyclFrontEndInfo", _SyclInfo = "SyclInfo", _SyclRuntimeInfo = "SyclRuntimeInfo", _SyclToolchainInfo = "SyclToolchainInfo")
load("//sycl/private:rules/binary.bzl", _sycl_binary = "sycl_binary", _sycl_test = "sycl_test")
load("//sycl/private:rules/import.bzl", _sycl_import = "sycl_import")
load("//sycl/private:rules/library.bzl", _sycl_library = "sycl_library")
load("//sycl/private:rules/shared_library.bzl", _sycl_shared_library = "sycl_shared_library")
load("//sycl/private:runtime.bzl", _sycl_runtime = "sycl_runtime")
load("//sycl/private:toolchain.bzl", _sycl_toolchain = "sycl_toolchain")
load("//sycl/private:traits.bzl", _sycl_traits_header = "sycl_traits_header")

SyclToolchainInfo = _SyclToolchainInfo
SyclFrontEndInfo = _SyclFrontEndInfo
SyclInfo = _SyclInfo
SyclRuntimeInfo = _SyclRuntimeInfo
sycl_runtime = _sycl_runtime
sycl_library = _sycl_library
sycl_shared_library = _sycl_shared_library
sycl_import = _sycl_import
sycl_binary = _sycl_binary
sycl_test = _sycl_test
SyclDeviceConfigInfo = _SyclDeviceConfigInfo
sycl_toolchain = _sycl_toolchain
sycl_device_config = _sycl_device_config
sycl_device = _sycl_device
sycl_traits_header = _sycl_traits_header
