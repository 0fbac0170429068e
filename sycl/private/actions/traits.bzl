"""SyclTraits: the aspect traits header of the selected targets."""

load("//sycl/private:device_config.bzl", "tool_target_name")
load("//sycl/private:workers.bzl", "run_sycl_device")

def traits_header(ctx, tool, devices, devices_config, path):
    """Generates sycl_aspect_traits.h (`sycl-device traits`) for the devices.

    Args:
      ctx: the rule context.
      tool: the sycl-device executable (SyclToolchainInfo.sycl_device).
      devices: [(name, SyclDeviceConfigInfo)] from resolved_devices.
      devices_config: the device configuration File from tool_devices_config.
      path: the header's output path inside the package.

    Returns:
      The header File.
    """
    header = ctx.actions.declare_file(path)
    names = [tool_target_name(name, d) for name, d in devices]
    args = ctx.actions.args()
    args.add("traits")
    args.add("--targets=" + ",".join(names))
    args.add("--device-config-file", devices_config)
    args.add("-o", header)
    run_sycl_device(
        ctx,
        tool,
        args,
        [devices_config],
        [header],
        "SyclTraits",
        "Generating SYCL aspect traits for %s (%s)" % (ctx.label, ", ".join(names)),
    )
    return header
