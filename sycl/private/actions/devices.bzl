"""The device configuration file a target's sycl-device actions read."""

load("//sycl/private:device_config.bzl", "device_config_file", "devices_json")

def tool_devices_config(ctx, devices):
    """The device configuration file the sycl-device actions of ctx read.

    The --@rules_sycl//sycl:device_config_file file when a requested name is known only
    there; otherwise the resolved device toolchains, written once per target.

    Args:
      ctx: the rule context.
      devices: [(name, SyclDeviceConfigInfo)] from resolved_devices.

    Returns:
      File.
    """
    user = device_config_file(ctx)
    if user and [d for _, d in devices if not d.known]:
        return user
    out = ctx.actions.declare_file("_sycl/%s/devices.json" % ctx.label.name)
    ctx.actions.write(out, devices_json(devices))
    return out
