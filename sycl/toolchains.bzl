"""Macros and rules for declaring SYCL device toolchains (used by //toolchain/devices and
//toolchain/fallback)."""

load("//sycl/private:device_config.bzl", _sycl_device_resolver = "sycl_device_resolver")
load("//sycl/private:devices_macro.bzl", _declare_builtin_devices = "declare_builtin_devices", _declare_fallback_device = "declare_fallback_device", _sycl_device = "sycl_device")

declare_builtin_devices = _declare_builtin_devices
declare_fallback_device = _declare_fallback_device
sycl_device = _sycl_device
sycl_device_resolver = _sycl_device_resolver
