"""sycl_traits_header: SYCL 2020 aspect traits for exactly the selected device targets."""

load("//sycl/private:device_config.bzl", "DEVICE_ATTRS", "device_config_file", "device_yaml", "resolved_devices")
load("//sycl/private:workers.bzl", "run_sycl_device")

def traits_header(ctx, devices, prefix):
    """Declares the SyclTraits action for devices; returns the header File.

    Args:
      ctx: the rule context (needs _sycl_device and the device attributes).
      devices: [(name, SyclDeviceConfigInfo)] from resolved_devices.
      prefix: output path prefix inside the package.

    Returns:
      The generated sycl_aspect_traits.h.
    """
    cfg = ctx.actions.declare_file(prefix + ".devices.yaml")
    ctx.actions.write(cfg, device_yaml(devices))
    header = ctx.actions.declare_file(prefix + "/sycl_aspect_traits.h")
    names = [d.name if d.known else name for name, d in devices]
    args = ctx.actions.args()
    args.add("traits")
    args.add("--targets=" + ",".join(names))
    cfg_file = device_config_file(ctx)
    inputs = [cfg]
    if cfg_file and any([not d.known for _, d in devices]):
        args.add("--device-config-file", cfg_file)
        inputs.append(cfg_file)
    else:
        args.add("--device-config-file", cfg)
    args.add("-o", header)
    run_sycl_device(
        ctx,
        ctx.executable._sycl_device,
        args,
        inputs,
        [header],
        "SyclTraits",
        "Generating SYCL aspect traits for %s (%s)" % (ctx.label, ", ".join(names)),
    )
    return header

def _sycl_traits_header_impl(ctx):
    header = traits_header(ctx, resolved_devices(ctx), ctx.label.name)
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
    attrs = dict(DEVICE_ATTRS, **{
        "_sycl_device": attr.label(default = Label("//cmd/sycl-device"), executable = True, cfg = "exec"),
    }),
    provides = [CcInfo],
)
