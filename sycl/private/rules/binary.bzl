"""sycl_binary and sycl_test: the device pipeline per target, wrapped into the host program."""

load("@bazel_skylib//rules:common_settings.bzl", "BuildSettingInfo")
load("//sycl/private:actions/aot.bzl", "filter_and_aot", "wrap_kind")
load("//sycl/private:actions/compile.bzl", "nvptx_compile")
load("//sycl/private:actions/device_link.bzl", "device_link")
load("//sycl/private:actions/propagate.bzl", "optimize", "propagate")
load("//sycl/private:actions/split.bzl", "split")
load("//sycl/private:actions/wrap.bzl", "wrap")
load("//sycl/private:common.bzl", "COMPILE_ATTRS", "CPP_TOOLCHAIN", "cc_setup")
load("//sycl/private:device_config.bzl", "DEVICE_ATTRS", "device_family", "nvptx_arch", "resolved_devices", "tool_target_name")
load("//sycl/private:providers.bzl", "SyclInfo")
load("//sycl/private:rules/library.bzl", "compile_sources", "sycl_common")
load("//sycl/private:steps.bzl", "register_steps")
load("//sycl/private:toolchain.bzl", "TOOLCHAIN_TYPE")

def _flag(ctx, attr_value, flag):
    return attr_value or getattr(ctx.attr, flag)[BuildSettingInfo].value

def _family_irs(ctx, steps, common, devices, device_ir, tus):
    """Device IR per triple family: spir64 from the compiles, NVPTX again per arch."""
    families = {"spir": device_ir}
    for _, d in devices:
        family = device_family(d)
        if family not in families:
            families[family] = [nvptx_compile(ctx, steps, common.tc, tu, i, nvptx_arch(d)) for i, tu in enumerate(tus)]
    return families

def _chains(ctx, steps, tc, families, rdc):
    """One device module per chain: all TUs of a family linked (rdc) or each TU alone."""
    chains = {}
    for family, irs in families.items():
        fname = family.replace(":", "_")
        if rdc and len(irs) > 1:
            chains[family] = [(fname, device_link(ctx, steps, tc, irs, family, fname))]
        else:
            chains[family] = [("%s_tu%d" % (fname, i), ir) for i, ir in enumerate(irs)]
    return chains

def binary_pipeline(ctx, steps):
    """Appends every step of a SYCL program's build to steps (nothing is registered).

    Args:
      ctx: the rule context of sycl_binary or sycl_test.
      steps: the step list to append to.

    Returns:
      struct(objects, wrapper_c, wrapper_o, shards, images): the host objects (with the
      wrapper's), the wrapper source, and the shard and image directories.
    """
    devices = resolved_devices(ctx)
    common = sycl_common(ctx, devices)
    device, objects, tus = compile_sources(ctx, steps, common)
    deps = [d[SyclInfo] for d in ctx.attr.deps if SyclInfo in d]
    device_ir = depset(device, transitive = [d.device_ir for d in deps]).to_list()
    all_tus = depset(tus, transitive = [d.tus for d in deps]).to_list()
    rdc = ctx.attr.rdc == "on" or (ctx.attr.rdc == "auto" and ctx.attr._rdc_flag[BuildSettingInfo].value)
    chains = _chains(ctx, steps, common.tc, _family_irs(ctx, steps, common, devices, device_ir, all_tus), rdc)

    mode = _flag(ctx, ctx.attr.device_code_split, "_split_flag")
    shards = _flag(ctx, ctx.attr.shards, "_shards_flag")
    werror = _flag(ctx, ctx.attr.device_has_errors, "_device_has_errors_flag")
    split_of, all_shards = {}, []
    for family in chains:
        for chain, ir in chains[family]:
            prop = propagate(ctx, steps, ir, chain, werror, common.tc.family == "clang")
            split_of[chain] = split(ctx, steps, optimize(ctx, steps, common, prop, chain), chain, mode, shards)
            all_shards.extend(split_of[chain])

    tables = []
    for name, d in devices:
        wtarget, wformat = wrap_kind(d)
        for chain, _ in chains[device_family(d)]:
            for images in filter_and_aot(ctx, steps, common, d, tool_target_name(name, d), chain, split_of[chain]):
                tables.append((wtarget, wformat, images))
    wrap_c, wrap_o = wrap(ctx, steps, common.tc, tables)
    return struct(
        objects = objects + [wrap_o],
        wrapper_c = wrap_c,
        shards = all_shards,
        images = [images for _, _, images in tables],
    )

def link_binary(ctx, objects):
    """Links the host objects with the deps' and the runtime's libraries (C++ toolchain).

    Args:
      ctx: the rule context.
      objects: the object Files.

    Returns:
      The executable File.
    """
    cc_toolchain, fc = cc_setup(ctx)
    outputs = cc_common.create_compilation_outputs(objects = depset(objects), pic_objects = depset(objects))
    linked = cc_common.link(
        actions = ctx.actions,
        feature_configuration = fc,
        cc_toolchain = cc_toolchain,
        compilation_outputs = outputs,
        linking_contexts = [d[CcInfo].linking_context for d in ctx.attr.deps + [ctx.attr._runtime] if CcInfo in d],
        name = ctx.label.name,
        output_type = "executable",
    )
    return linked.executable

def executable_info(ctx, exe):
    """DefaultInfo of a rule whose executable is exe.

    Args:
      ctx: the rule context.
      exe: the executable File.

    Returns:
      DefaultInfo.
    """
    return DefaultInfo(executable = exe, files = depset([exe]), runfiles = ctx.runfiles(files = [exe]))

def _sycl_binary_impl(ctx):
    steps = []
    p = binary_pipeline(ctx, steps)
    register_steps(ctx, steps)
    exe = link_binary(ctx, p.objects)
    return [
        executable_info(ctx, exe),
        OutputGroupInfo(
            sycl_shards = depset(p.shards),
            sycl_images = depset(p.images),
            sycl_wrapper = depset([p.wrapper_c]),
        ),
    ]

BINARY_ATTRS = dict(COMPILE_ATTRS, **DEVICE_ATTRS)
BINARY_ATTRS.update({
    "device_code_split": attr.string(values = ["", "auto", "per_kernel", "per_source", "off"], doc = "Split mode; default --@rules_sycl//sycl:device_code_split."),
    "shards": attr.int(doc = "Number of split shards; default --@rules_sycl//sycl:shards (8)."),
    "rdc": attr.string(default = "auto", values = ["auto", "on", "off"], doc = "Link all TUs' device code before propagation (on) or process each TU alone (off); auto follows --@rules_sycl//sycl:rdc."),
    "device_has_errors": attr.bool(doc = "Make device_has warnings of the propagate step errors (or --@rules_sycl//sycl:device_has_errors)."),
    "_split_flag": attr.label(default = Label("//sycl:device_code_split")),
    "_shards_flag": attr.label(default = Label("//sycl:shards")),
    "_rdc_flag": attr.label(default = Label("//sycl:rdc")),
    "_device_has_errors_flag": attr.label(default = Label("//sycl:device_has_errors")),
})

def binary_rule(implementation, doc, test = False):
    """Declares a rule that builds a SYCL program with BINARY_ATTRS.

    Args:
      implementation: the implementation function.
      doc: the rule's documentation.
      test: declare a test rule (else an executable one).

    Returns:
      The rule.
    """
    kind = {"test": True} if test else {"executable": True}
    return rule(
        implementation = implementation,
        doc = doc,
        attrs = BINARY_ATTRS,
        fragments = ["cpp"],
        toolchains = [TOOLCHAIN_TYPE, CPP_TOOLCHAIN],
        **kind
    )

sycl_binary = binary_rule(_sycl_binary_impl, "A SYCL program: the device pipeline per target, wrapped into the host executable.")

sycl_test = binary_rule(_sycl_binary_impl, "sycl_binary as a test.", test = True)
