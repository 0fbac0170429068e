"""The device front ends as a model, and a target's setup and compiles through it.

What each front end's pipeline does is its record: FRONT_ENDS in toolchain/devices.bzl,
generated from Go's devconfig.FrontEnds (what compiles, bitcode or text, DPC++'s
integration headers and device libraries, what rules_sycl runs before the split). This
file maps each record to its steps once: the compiler's actions (_COMPILERS), the chain
link, and the steps each propagation kind runs (_PROPAGATION). The rules never branch on
a front end; adding one is its record, its entries here and its tests.
"""

load("//sycl/private:actions/clang_compile.bzl", "device_compile", "family_compile")
load("//sycl/private:actions/device_link.bzl", "device_link", "dpcpp_device_link", "libclc_link")
load("//sycl/private:actions/devices.bzl", "tool_devices_config")
load("//sycl/private:actions/dpcpp_compile.bzl", "driver_device_compile", "driver_target_compile", "jit_device_compile", "jit_target_compile")
load("//sycl/private:actions/host_compile.bzl", "cc_host_compile", "dpcpp_host_compile", "host_compile")
load("//sycl/private:actions/host_pch.bzl", "host_pch")
load("//sycl/private:actions/propagate.bzl", "optimize", "propagate")
load("//sycl/private:actions/traits.bzl", "traits_header")
load("//sycl/private:common.bzl", "create_common", "scratch_path")
load("//sycl/private:device_config.bzl", "device_arch", "dpcpp_offload_target", "family_compile_args")
load("//sycl/private:toolchain.bzl", "front_end_name", "sycl_device_tool")
load("//toolchain:devices.bzl", "FRONT_ENDS")

def _clang_target(ctx, steps, common, tu, index, device):
    return family_compile(ctx, steps, common.tc, tu, index, device_arch(device), family_compile_args(device), common.cc_toolchain)

def _driver_target(ctx, steps, common, tu, index, device):
    return driver_target_compile(ctx, steps, common.tc, tu, index, dpcpp_offload_target(device), common.device_opt_level, common.cc_toolchain)

def _jit_target(ctx, steps, common, tu, index, device):
    return jit_target_compile(ctx, steps, common.tc, tu, index, device.triple, common.device_opt_level, common.cc_toolchain)

# Per compiler (FRONT_ENDS' "compiler"): the device compile of a TU of the target
# (device: the IR File, or for integration_headers struct(ir, header, footer)), and its
# compile for another device-IR key (target: the IR File).
_COMPILERS = {
    "clang": struct(device = device_compile, target = _clang_target),
    "dpcpp-driver": struct(device = driver_device_compile, target = _driver_target),
    "sycl-jit-fe": struct(device = jit_device_compile, target = _jit_target),
}

def front_end(tc):
    """The front end of a SYCL toolchain: its name, record and compiler's steps.

    Args:
      tc: a SyclToolchainInfo.

    Returns:
      struct(name, record, compiler).
    """
    name = front_end_name(tc)
    record = FRONT_ENDS[name]
    return struct(name = name, record = record, compiler = _COMPILERS[record["compiler"]])

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
    fe = front_end(common.tc)
    fronts = [fe.compiler.device(ctx, steps, common, src) for src in common.srcs]
    if fe.record["integration_headers"]:
        pch = host_pch(ctx, steps, common)
        objects = [dpcpp_host_compile(ctx, common, src, f.header, f.footer, i, steps, pch) for i, (src, f) in enumerate(zip(common.srcs, fronts))]
        return [f.ir for f in fronts], objects, tus
    if not common.srcs:
        objects = []
    elif common.host_via_cc:
        objects = cc_host_compile(ctx, common)
    else:
        objects = [host_compile(ctx, steps, common, src) for src in common.srcs]
    return fronts, objects, tus

def target_compiles(ctx, steps, common, fe, device, tus):
    """The compile of every TU for a device-IR key of its own (front_end's compiler).

    Args:
      ctx: the rule context.
      steps: the step list to append to.
      common: the struct of create_common.
      fe: the front end (front_end's struct).
      device: a SyclDeviceConfigInfo of that key.
      tus: the TU structs (SyclInfo.tus).

    Returns:
      list of device IR Files, one per TU.
    """
    return [fe.compiler.target(ctx, steps, common, tu, i, device) for i, tu in enumerate(tus)]

def link_chains(ctx, steps, tc, fe, irs_by_key, rdc):
    """One device module per chain: all TUs of a device-IR key linked (rdc) or each TU alone.

    A front end with device_libraries links DPC++'s device libraries into every chain's
    module; one that writes bitcode links a chain of one TU too (into text).

    Args:
      ctx: the rule context.
      steps: the step list to append to.
      tc: the SyclToolchainInfo.
      fe: its front end (front_end's struct).
      irs_by_key: {device-IR key: [device IR File per TU]}.
      rdc: link the TUs of a key into one module.

    Returns:
      {device-IR key: [(chain name, module File)]}.
    """
    record = fe.record
    chains = {}
    for key, irs in irs_by_key.items():
        fname = key.replace(":", "_")
        if record["device_libraries"]:
            groups = [(fname, irs)] if rdc else [("%s_tu%d" % (fname, i), [ir]) for i, ir in enumerate(irs)]
            chains[key] = [(n, dpcpp_device_link(ctx, steps, tc, g, key, n, record["bitcode"])) for n, g in groups]
        elif rdc and len(irs) > 1:
            chains[key] = [(fname, device_link(ctx, steps, tc, irs, key, fname))]
        else:
            chains[key] = [("%s_tu%d" % (fname, i), ir) for i, ir in enumerate(irs)]
    return chains

def _full(ctx, steps, common, module, chain, opts):
    """Upstream clang's code: propagation and the rest of the device pipeline.

    Lower rsycl's annotations, propagate and check device_has, link libclc (NVPTX, AMD),
    optimise.
    """
    family = opts.family
    lib = common.tc.front_end.libclc.get(family["libclc"]) if family["libclc"] else None
    math = "spirv" if not family["libclc"] else ("libclc" if lib else "nolibclc:" + opts.key)
    prop, locations, _ = propagate(ctx, steps, common.tc.sycl_device, module, chain, opts.werror, True, validate = opts.checked, math = math)
    if lib:
        prop = libclc_link(ctx, steps, common.tc, prop, lib, chain)
    return optimize(ctx, steps, common, prop, chain), locations, None

def _calls(ctx, steps, common, module, chain, opts):
    """DPC++'s front end from the runtime wheel: its C library calls become built-ins.

    It propagated aspects and optimised; the C library calls DPC++'s device libraries
    would resolve (the wheel ships none) become OpenCL built-ins, as for upstream clang's
    SPIR code. With no device libraries to link, another C library call fails here,
    naming the function that makes it.
    """
    return propagate(ctx, steps, common.tc.sycl_device, module, chain, opts.werror, False, validate = False, math = "spirv-no-devicelibs", provided = opts.provided, export = opts.export and opts.checked)

def _none(_ctx, _steps, _common, module, _chain, _opts):
    """DPC++'s driver propagated aspects and optimised: split what it wrote."""
    return module, None, None

# Per propagation kind (FRONT_ENDS' "propagation"): what runs on a chain's module before
# the split.
_PROPAGATION = {"full": _full, "calls": _calls, "none": _none}

def before_split(ctx, steps, common, fe, module, chain, opts):
    """The steps of the front end's propagation kind on one chain's module.

    Args:
      ctx: the rule context.
      steps: the step list to append to.
      common: the struct of create_common.
      fe: the front end (front_end's struct).
      module: the chain's device module (File).
      chain: the chain name.
      opts: struct(key, family, werror, checked, provided, export): the chain's device-IR
        key and its family record; device_has warnings are errors; the key is the one
        whose diagnostics count; the exported-symbol files of the program's shared
        libraries; a shared library's exports are listed.

    Returns:
      (module File for the split, kernel locations File or None, exports File or None).
    """
    return _PROPAGATION[fe.record["propagation"]](ctx, steps, common, module, chain, opts)
