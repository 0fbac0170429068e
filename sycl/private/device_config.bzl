"""Device configurations as toolchains: sycl_device_config, the per-target transition.

A target has one name, spelled four ways on its way through this file:
- the requested name: what `targets` or --@rules_sycl//sycl:targets says (a name or an
  alias: intel_gpu_12_60_7);
- canonical_target(requested): the built-in name an alias stands for (intel_gpu_pvc), the
  value of //sycl:current_target in the target's configuration;
- SyclDeviceConfigInfo.name: the name the resolved device toolchain was registered with
  (sycl_device's target_name, default its rule name);
- tool_target_name(requested, device): the name sycl-device knows the target by (the
  registered name, or the requested one for a device only the configuration file has).
"""

load("@bazel_skylib//rules:common_settings.bzl", "BuildSettingInfo")
load("//sycl/private:common.bzl", "TOOL_ATTRS")
load("//sycl/private:names.bzl", "did_you_mean")
load("//toolchain:devices.bzl", "AOT_FILE_OPTIONS", "AOT_TOOLS", "ASPECT_NAMES", "DEVICES", "FAMILIES", "FRONT_ENDS", "TRIPLES", "UNSUPPORTED_TARGETS")

DEVICE_TOOLCHAIN_TYPE = str(Label("//toolchain:device_config_type"))
CURRENT_TARGET = str(Label("//sycl:current_target"))
TARGETS_FLAG = str(Label("//sycl:targets"))

SyclDeviceConfigInfo = provider(
    doc = "One device target's configuration (from a registered sycl_device_config).",
    fields = {
        "name": "string: the target name, e.g. intel_gpu_pvc.",
        "aspects": "list of string: aspect names the device supports.",
        "sub_group_sizes": "list of int: supported sub-group sizes.",
        "may_support_other_aspects": "bool: the device may support aspects not listed.",
        "triple": "string: device triple family (spir64, spir64_gen, spir64_x86_64, nvptx64, amdgcn).",
        "aot_tool": "string: name of the AOT compiler ('' for JIT SPIR-V).",
        "aot_options": "list of string: its options.",
        "aliases": "list of string: other names of the target.",
        "device_libraries": "list of File: bitcode libraries the target's images link (NVIDIA's libdevice, for images retargeted from DPC++'s SPIR code).",
        "runtime_adapters": "list of File: Unified Runtime adapters a libsycl program with this target carries beside the runtime's loader (UR's CUDA adapter for NVIDIA targets).",
        "aot_binary": "File or None: the AOT tool's executable for this target, used where the SYCL toolchain has none (NVIDIA's ptxas from @sycl_cuda for the built-in NVIDIA targets).",
        "known": "bool: False for the fallback entry of a target nobody registered.",
    },
)

def _check_device_config(ctx):
    """Fails at the sycl_device line for an unknown aspect or AOT tool."""
    for a in ctx.attr.aspects:
        if a not in ASPECT_NAMES:
            fail("unknown aspect '%s' in the aspects of %s.%s The aspect names: %s (docs/api.md)." % (
                a,
                ctx.label,
                did_you_mean(a, ASPECT_NAMES),
                ", ".join(ASPECT_NAMES),
            ), attr = "aspects")
    if ctx.attr.aot_tool not in AOT_TOOLS:
        fail("%s: AOT tool '%s' is not one rules_sycl can run (known: %s; none for JIT SPIR-V)" % (
            ctx.label,
            ctx.attr.aot_tool,
            ", ".join([t for t in AOT_TOOLS if t]),
        ), attr = "aot_tool")
    if ctx.attr.aot_options and not ctx.attr.aot_tool:
        fail("%s: aot_options without an aot_tool: a target without one is JIT SPIR-V and runs no tool (known: %s)" % (
            ctx.label,
            ", ".join([t for t in AOT_TOOLS if t]),
        ), attr = "aot_options")
    for o in ctx.attr.aot_options:
        for bad in AOT_FILE_OPTIONS.get(ctx.attr.aot_tool, []):
            if o == bad or o.startswith(bad + "="):
                fail("%s: AOT option '%s' names a file of %s; the aot step sets its inputs and outputs itself" % (ctx.label, o, ctx.attr.aot_tool), attr = "aot_options")
    name = ctx.attr.target_name or ctx.label.name
    if name in UNSUPPORTED_TARGETS:
        fail("target %s is not supported: %s" % (name, UNSUPPORTED_TARGETS[name]))

def _sycl_device_config_impl(ctx):
    _check_device_config(ctx)
    info = SyclDeviceConfigInfo(
        name = ctx.attr.target_name or ctx.label.name,
        aspects = ctx.attr.aspects,
        sub_group_sizes = ctx.attr.sub_group_sizes,
        may_support_other_aspects = ctx.attr.may_support_other_aspects,
        triple = ctx.attr.triple,
        aot_tool = ctx.attr.aot_tool,
        aot_options = ctx.attr.aot_options,
        aliases = ctx.attr.aliases,
        device_libraries = ctx.files.device_libraries,
        runtime_adapters = ctx.files.runtime_adapters,
        aot_binary = ctx.executable.aot_binary,
        known = True,
    )
    return [platform_common.ToolchainInfo(device = info), info]

sycl_device_config = rule(
    implementation = _sycl_device_config_impl,
    doc = """A device target's configuration: what the filter and the AOT step need to know.

Wrap it in `toolchain(toolchain_type = "@rules_sycl//toolchain:device_config_type",
target_settings = [<config_setting on @rules_sycl//sycl:current_target>])`, or use the
`sycl_device` macro, which declares all three.""",
    attrs = {
        "target_name": attr.string(doc = "Target name (default: the rule name)."),
        "aspects": attr.string_list(doc = "Aspect names the device supports, of: " + ", ".join(ASPECT_NAMES) + "."),
        "sub_group_sizes": attr.int_list(doc = "Supported sub-group sizes."),
        "may_support_other_aspects": attr.bool(doc = "The device may support aspects not listed."),
        "triple": attr.string(default = "spir64", values = TRIPLES, doc = "Device triple family."),
        "aot_tool": attr.string(doc = "AOT compiler name (ocloc, opencl-aot, ptx, amdgcn, llvm-spirv, or '' for JIT)."),
        "aot_options": attr.string_list(doc = "AOT compiler options."),
        "aliases": attr.string_list(doc = "Other names of the target."),
        "device_libraries": attr.label_list(allow_files = [".bc"], doc = "Bitcode libraries its images link (NVIDIA targets: `@sycl_cuda//:libdevice`)."),
        "aot_binary": attr.label(executable = True, cfg = "exec", allow_files = True, doc = "The AOT tool's executable, where the SYCL toolchain has none (NVIDIA targets: `@sycl_cuda//:ptxas`)."),
        "runtime_adapters": attr.label_list(allow_files = True, doc = "Unified Runtime adapters a libsycl program needs for the target, put beside the UR loader (NVIDIA targets: `@sycl_ur_cuda//:adapter`)."),
    },
    provides = [SyclDeviceConfigInfo],
)

def _unknown_device_impl(_ctx):
    info = SyclDeviceConfigInfo(
        name = "",
        aspects = [],
        sub_group_sizes = [],
        may_support_other_aspects = False,
        triple = "",
        aot_tool = "",
        aot_options = [],
        aliases = [],
        device_libraries = [],
        runtime_adapters = [],
        aot_binary = None,
        known = False,
    )
    return [platform_common.ToolchainInfo(device = info), info]

unknown_device = rule(
    implementation = _unknown_device_impl,
    doc = "The fallback toolchain matched when no registered device configuration has the requested name.",
)

def _resolver_impl(ctx):
    info = ctx.toolchains[DEVICE_TOOLCHAIN_TYPE].device
    return [info]

sycl_device_resolver = rule(
    implementation = _resolver_impl,
    doc = "Resolves the device toolchain of the current target (set by the targets transition).",
    toolchains = [DEVICE_TOOLCHAIN_TYPE],
)

def canonical_target(name):
    """Returns the built-in target name for name or one of its aliases (else name).

    Args:
      name: a target name or alias.

    Returns:
      The built-in target's name, or name when it is not a built-in alias.
    """
    if name in DEVICES:
        return name
    for target, d in DEVICES.items():
        if name in d["aliases"]:
            return target
    return name

def _targets_transition_impl(settings, attr):
    targets = getattr(attr, "targets", None) or settings[TARGETS_FLAG]
    out = {}
    for t in targets:
        out[t] = {CURRENT_TARGET: canonical_target(t)}
    if not out:
        fail("no SYCL targets: set targets = [...] or --@rules_sycl//sycl:targets")
    return out

# One configuration per requested target; the device toolchain is resolved in each.
targets_transition = transition(
    implementation = _targets_transition_impl,
    inputs = [TARGETS_FLAG],
    outputs = [CURRENT_TARGET],
)

def requested_targets(ctx):
    """The target names a rule was asked for: its targets attribute, else the flag.

    Args:
      ctx: the rule context.

    Returns:
      list of string.
    """
    targets = getattr(ctx.attr, "targets", None)
    if targets:
        return targets
    return ctx.attr._targets_flag[BuildSettingInfo].value

def resolved_devices(ctx, attr_name = "_devices"):
    """Returns the device configurations resolved for the requested targets.

    Fails for names nobody registered unless a device configuration file is set.

    Args:
      ctx: the rule context.
      attr_name: the split-transitioned attribute holding the resolvers.

    Returns:
      [(requested name, SyclDeviceConfigInfo)] in request order.
    """
    split = getattr(ctx.split_attr, attr_name)
    out = []
    unknown = []
    for name in requested_targets(ctx):
        dep = split[name]
        info = dep[SyclDeviceConfigInfo]
        if not info.known:
            unknown.append(name)
        out.append((name, info))
    if unknown and not device_config_file(ctx):
        fail(_unknown_targets_message(unknown))
    return out

def _unknown_targets_message(unknown):
    """Why each unknown target name fails: unsupported, or the closest known names."""
    lines = []
    for name in unknown:
        if name in UNSUPPORTED_TARGETS:
            lines.append("target '%s' is not supported: %s." % (name, UNSUPPORTED_TARGETS[name]))
        else:
            lines.append("unknown SYCL target '%s'.%s" % (name, did_you_mean(name, DEVICES.keys())))
    return "\n".join(lines) + "\nRegister your own targets with sycl_device() (before rules_sycl_register_toolchains(), or with --extra_toolchains), or point --@rules_sycl//sycl:device_config_file at a YAML file; `bazel run @rules_sycl//cmd/sycl-device -- devices --format=table` lists the %d built-in ones." % len(DEVICES)

def device_config_file(ctx):
    """The --@rules_sycl//sycl:device_config_file file, or None.

    Args:
      ctx: the rule context.

    Returns:
      File or None.
    """
    files = ctx.files._device_config_file
    return files[0] if files else None

def _device_dict(d):
    out = {
        "aspects": d.aspects,
        "sub-group-sizes": d.sub_group_sizes,
        "may-support-other-aspects": d.may_support_other_aspects,
        "triple": d.triple,
    }
    if d.aot_tool:
        out["aot"] = {"tool": d.aot_tool, "options": d.aot_options} if d.aot_options else {"tool": d.aot_tool}
    if d.aliases:
        out["aliases"] = d.aliases
    return out

def devices_json(devices):
    """Renders resolved devices as a configuration file of sycl-device (JSON is YAML).

    Args:
      devices: [(name, SyclDeviceConfigInfo)].

    Returns:
      The JSON text.
    """
    return json.encode({d.name: _device_dict(d) for _, d in devices if d.known}) + "\n"

def tool_target_name(name, device):
    """The name sycl-device knows a requested target by.

    Args:
      name: the requested name (or alias).
      device: its SyclDeviceConfigInfo.

    Returns:
      The registered name, or the requested one for a device of the configuration file.
    """
    return device.name if device.known else name

def device_family(device):
    """The family record of a device's triple (FAMILIES, generated from Go's devconfig.Families).

    Args:
      device: a SyclDeviceConfigInfo.

    Returns:
      dict.
    """
    return FAMILIES[device.triple]

def device_arch(device):
    """The architecture a device of an arch family names (its first AOT option, else the family's default).

    Args:
      device: a SyclDeviceConfigInfo.

    Returns:
      string: "" for a family without architectures; fails when one is needed and none is named.
    """
    f = device_family(device)
    if not f["arch"]:
        return ""
    if device.aot_options:
        return device.aot_options[0]
    if not f["default_arch"]:
        fail("target %s (triple %s) names no %s: give it as its first AOT option, e.g. aot_options = [\"%s\"]" % (device.name, device.triple, f["arch"], f["arch_example"]))
    return f["default_arch"]

def _fill(template, device):
    """template with {triple}, {arch} and {dpcpp_target} of device."""
    out = template.replace("{triple}", device.triple)
    if "{arch}" in out:
        out = out.replace("{arch}", device_arch(device))
    if "{dpcpp_target}" in out:
        out = out.replace("{dpcpp_target}", dpcpp_offload_target(device))
    return out

def device_ir_key(device, front_end = "clang"):
    """The key of the device IR a target is compiled from (the family and front-end records).

    A JIT family (spir64) is compiled from the TUs' one spir64 device IR ("spir") by every
    front end, and so is a family the front end retargets (FRONT_ENDS' retargets: NVIDIA's
    from the wheel's front end, in the AOT step). Otherwise the front end's target_ir_key says: DPC++'s driver compiles once
    per offload target ("dpcpp:<target>"), as its driver does for -fsycl-targets; DPC++'s
    front end from Intel's runtime wheel once per AOT SPIR triple ("dpcpp-jit:<triple>":
    only there does it pass the kernels the buffer emulated specialization constants are
    read from); upstream clang as the family says ("spir" for every SPIR family,
    "nvptx:sm_XX", "amdgcn:gfxNNN").

    Args:
      device: a SyclDeviceConfigInfo.
      front_end: the SYCL toolchain's front_end_name (clang, dpcpp, dpcpp-jit).

    Returns:
      string.
    """
    f = device_family(device)
    if f["jit"] or device.triple in FRONT_ENDS[front_end]["retargets"]:
        return "spir"
    return _fill(FRONT_ENDS[front_end]["target_ir_key"] or f["clang_ir_key"], device)

def family_compile_args(device):
    """Upstream clang's front-end arguments for the device compile of a family's own IR key.

    Args:
      device: a SyclDeviceConfigInfo of a family whose clang_ir_key is not "spir".

    Returns:
      list of string.
    """
    return [_fill(a, device) for a in device_family(device)["clang_args"]]

def dpcpp_offload_target(device):
    """What DPC++'s -fsycl-targets calls a device target.

    A target named with its family's DPC++ prefix (intel_gpu_pvc, nvidia_gpu_sm_90,
    amd_gpu_gfx90a) keeps its name (DPC++'s own); any other is named by the family's
    dpcpp_target (its triple; nvidia_gpu_<sm_XX>, amd_gpu_<gfx>).

    Args:
      device: a SyclDeviceConfigInfo.

    Returns:
      string.
    """
    f = device_family(device)
    if f["dpcpp_prefix"] and device.name.startswith(f["dpcpp_prefix"]):
        return device.name
    return f["dpcpp_target"].replace("{triple}", device.triple).replace("{arch}", device_arch(device) if "{arch}" in f["dpcpp_target"] else "")

# Attributes of rules that resolve the flag's device targets (sycl_library, traits).
FLAG_DEVICE_ATTRS = dict(TOOL_ATTRS, **{
    "_devices": attr.label(default = Label("//toolchain/devices:resolver"), cfg = targets_transition),
    "_targets_flag": attr.label(default = Label("//sycl:targets")),
    "_device_config_file": attr.label(default = Label("//sycl:device_config_file"), allow_files = True),
    "_allowlist_function_transition": attr.label(default = "@bazel_tools//tools/allowlists/function_transition_allowlist"),
})

# Attributes of rules that compile for their own device targets (sycl_binary, sycl_test).
DEVICE_ATTRS = dict(FLAG_DEVICE_ATTRS, **{
    "targets": attr.string_list(doc = "Device targets (names or aliases); overrides --@rules_sycl//sycl:targets."),
})
