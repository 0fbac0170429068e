"""sycl_traits_header: SYCL 2020 aspect traits for exactly the selected device targets."""

load("//sycl/private:actions/devices.bzl", "tool_devices_config")
load("//sycl/private:actions/traits.bzl", "traits_header")
load("//sycl/private:device_config.bzl", "DEVICE_ATTRS", "resolved_devices")
load("//sycl/private:toolchain.bzl", "TOOLCHAIN_TYPE", "sycl_device_tool")

def _sycl_traits_header_impl(ctx):
    devices = resolved_devices(ctx)
    header = traits_header(ctx, sycl_device_tool(ctx), devices, tool_devices_config(ctx, devices), ctx.label.name + "/sycl_aspect_traits.h")
    cc = CcInfo(compilation_context = cc_common.create_compilation_context(
        headers = depset([header]),
        includes = depset([header.dirname]),
    ))
    return [DefaultInfo(files = depset([header]), runfiles = ctx.runfiles(files = [header])), cc]

sycl_traits_header = rule(
    implementation = _sycl_traits_header_impl,
    doc = """Generates sycl_aspect_traits.h for the selected targets: DPC++'s
__SYCL_ANY_DEVICE_HAS_<aspect>__ / __SYCL_ALL_DEVICES_HAVE_<aspect>__ macros and
rules_sycl::any_device_has_v<> / all_devices_have_v<> constexpr values (SYCL 2020
section 4.6.4.3). Provides CcInfo, so cc_library and sycl_library can depend on it.""",
    attrs = DEVICE_ATTRS,
    provides = [CcInfo],
    toolchains = [TOOLCHAIN_TYPE],
)
