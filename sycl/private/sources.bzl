"""What sycl_library and sycl_binary share: a target's common setup and its compiles."""

load("//sycl/private:actions/compile.bzl", "cc_host_compile", "check_host_pch", "device_compile", "dpcpp_device_compile", "dpcpp_host_compile", "dpcpp_host_pch", "host_compile")
load("//sycl/private:actions/devices.bzl", "tool_devices_config")
load("//sycl/private:actions/traits.bzl", "traits_header")
load("//sycl/private:common.bzl", "create_common", "scratch_path")
load("//sycl/private:toolchain.bzl", "sycl_device_tool")

def compile_sources(ctx, steps, common):
    """The device and host compile of every source of ctx.

    Args:
      ctx: the rule context.
      steps: the step list to append to.
      common: the struct of create_common.

    Returns:
      (device IR Files, object Files, TU structs for SyclInfo.tus).
    """

    # A device compile for another device-IR key (NVPTX, AMD, an AOT SPIR triple) takes the
    # TU's device-only copts too.
    tus = [struct(src = src, flags = common.device_flags + common.flags, inputs = common.headers) for src in common.srcs]
    check_host_pch(ctx, common)
    if common.tc.family == "dpcpp":
        fronts = [dpcpp_device_compile(ctx, steps, common, src) for src in common.srcs]
        pch = dpcpp_host_pch(ctx, steps, common)
        objects = [dpcpp_host_compile(ctx, common, src, f.header, f.footer, i, steps, pch) for i, (src, f) in enumerate(zip(common.srcs, fronts))]
        return [f.ir for f in fronts], objects, tus
    device = [device_compile(ctx, steps, common, src) for src in common.srcs]
    if not common.srcs:
        objects = []
    elif common.host_via_cc:
        objects = cc_host_compile(ctx, common)
    else:
        objects = [host_compile(ctx, steps, common, src) for src in common.srcs]
    return device, objects, tus

def sycl_common(ctx, devices):
    """create_common with the devices' configuration file and traits header.

    Args:
      ctx: the rule context.
      devices: [(name, SyclDeviceConfigInfo)] from resolved_devices.

    Returns:
      The struct of create_common.
    """
    cfg = tool_devices_config(ctx, devices)
    traits = traits_header(ctx, sycl_device_tool(ctx), devices, cfg, scratch_path(ctx, "traits/sycl_aspect_traits.h"))
    return create_common(ctx, traits, cfg)
