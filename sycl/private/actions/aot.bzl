"""SyclFilter and SyclAot: per shard and target, the aspect filter and the AOT compile."""

load("//sycl/private:common.bzl", "scratch_path")
load("//sycl/private:steps.bzl", "step")
load("//toolchain:devices.bzl", "AOT_TOOLS")

def aot_tool(tc, device, target):
    """The files and sycl-device flags of a target's AOT tool; fails when it is missing.

    Args:
      tc: the SyclToolchainInfo.
      device: the target's SyclDeviceConfigInfo.
      target: the target name (for the error).

    Returns:
      (list of File, list of string): the tools' files and the `aot` verb's tool flags.
    """
    if device.aot_tool not in AOT_TOOLS:
        fail("target %s: AOT tool '%s' is not one rules_sycl can run (known: %s; none for JIT SPIR-V)" % (target, device.aot_tool, ", ".join([t for t in AOT_TOOLS if t])))
    files, flags = [tc.llc], ["--llc=" + tc.llc.path]
    if tc.spirv_translator and device.triple != "nvptx64" and device.triple != "amdgcn":
        # A DPC++ install's llvm-spirv writes the SPIR-V of SPIR targets, as DPC++ does.
        files.append(tc.spirv_translator)
        flags.append("--spirv-translator=" + tc.spirv_translator.path)
    if device.aot_tool == "llvm-spirv":
        if not tc.llvm_spirv:
            fail("target %s needs llvm-spirv (Debian's llvm-spirv-15), which the SYCL toolchain does not have" % target)
        files.append(tc.llvm_spirv)
        flags.append("--llvm-spirv=" + tc.llvm_spirv.path)
    elif device.aot_tool in ("ocloc", "opencl-aot"):
        tool = tc.ocloc if device.aot_tool == "ocloc" else tc.opencl_aot
        if not tool:
            fail("target %s needs %s (Intel's offline compiler), which the SYCL toolchain does not have; install it or select another target" % (target, device.aot_tool))
        files.append(tool)
        flags.append("--%s=%s" % (device.aot_tool, tool.path))
        if device.aot_tool == "ocloc":
            files.extend(tc.ocloc_files.to_list())
    elif device.aot_tool == "amdgcn":
        if not tc.lld:
            fail("target %s needs ld.lld (LLVM's linker: it links the HSA code object), which the SYCL toolchain does not have" % target)
        files.append(tc.lld)
        flags.append("--lld=" + tc.lld.path)
    elif device.aot_tool == "ptx" and tc.ptxas:
        # With ptxas (a CUDA install), a cubin for the target's sm_XX next to the PTX.
        files.append(tc.ptxas)
        flags.append("--ptxas=" + tc.ptxas.path)
    return files, flags

def wrap_kind(device):
    """The descriptor's target and image format of a device's images (from Go's table).

    Args:
      device: a SyclDeviceConfigInfo.

    Returns:
      (target, format), e.g. ("spir64_gen", "native").
    """
    t = AOT_TOOLS.get(device.aot_tool, AOT_TOOLS[""])
    return t["wrap_target"], t["format"]

def aspect_filter(ctx, steps, cfg, target, chain, shard, s, n):
    """SyclFilter: the rows of a shard's table that the target's configuration can run.

    Args:
      ctx: the rule context (with _sycl_device).
      steps: the step list to append to.
      cfg: the device configuration File the tool reads.
      target: the target name.
      chain: the chain name (output stem, progress message).
      shard: the shard directory.
      s: the shard's index.
      n: the number of shards.

    Returns:
      The filtered table File (its rows point into the shard).
    """
    filtered = ctx.actions.declare_file(scratch_path(ctx, "%s.shard_%d.%s.table" % (chain, s, target)))
    steps.append(step(
        ctx.executable._sycl_device,
        ["aspect-filter", "--dpcpp", "-target=" + target, "-device-config-file=" + cfg.path, "-o", filtered.path, shard.path + "/files.table"],
        depset([shard, cfg]),
        [filtered],
        "SyclFilter",
        "Filtering the images of %s for %s by their requirements (shard %d/%d, %s)" % (ctx.label, target, s + 1, n, chain),
        sycl_device = True,
    ))
    return filtered

def filter_and_aot(ctx, steps, common, device, target, chain, shard_dirs, locations):
    """For each shard: SyclFilter (aspect-filter --dpcpp; AOT targets only), then SyclAot.

    Args:
      ctx: the rule context (with _sycl_device).
      steps: the step list to append to.
      common: the struct of create_common (tc, devices_config).
      device: the target's SyclDeviceConfigInfo.
      target: the target name the tools see.
      chain: the chain name (output stem).
      shard_dirs: the chain's shard directories.
      locations: the chain's kernel locations (propagate), for messages that name kernels;
        None where no propagate step ran (a DPC++ toolchain).

    Returns:
      list of directory Files: per shard, its images and their files.table.
    """
    tc, cfg = common.tc, common.devices_config
    tool_files, tool_flags = aot_tool(tc, device, target)
    out = []

    # The specification filters "for each requested AOT compilation target": a target
    # with an AOT tool. A generic JIT target (spir64: SPIR-V for any device, which may
    # support other aspects) keeps every image; the runtime checks the device it finds. A
    # JIT target whose configuration describes one device (intel_cpu) is filtered too.
    filtered_target = device.aot_tool != "" or not device.may_support_other_aspects
    tool = device.aot_tool or ("llvm-spirv (DPC++): SPIR-V" if tc.spirv_translator else "llc: SPIR-V")
    n = len(shard_dirs)
    for s, shard in enumerate(shard_dirs):
        table, inputs = shard.path + "/files.table", [shard, cfg]
        if filtered_target:
            filtered = aspect_filter(ctx, steps, cfg, target, chain, shard, s, n)
            table, inputs = filtered.path, inputs + [filtered]
        images = ctx.actions.declare_directory(scratch_path(ctx, "%s.img_%d.%s" % (chain, s, target)))
        steps.append(step(
            ctx.executable._sycl_device,
            ["aot", "-target=" + target, "-device-config-file=" + cfg.path] + (["--kernel-locations=" + locations.path] if locations else []) +
            ["--out-dir=" + images.path] + tool_flags + [table],
            depset(inputs + tool_files + ([locations] if locations else []), transitive = [tc.tool_files]),
            [images],
            "SyclAot",
            "Compiling the images of %s for %s (shard %d/%d, %s, %s)" % (ctx.label, target, s + 1, n, chain, tool),
            sycl_device = True,
        ))
        out.append(images)
    return out
