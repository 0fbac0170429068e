"""SyclFilter and SyclAot: per shard and target, the aspect filter and the AOT compile."""

load("//sycl/private:common.bzl", "scratch_path")
load("//sycl/private:device_config.bzl", "device_family")
load("//sycl/private:steps.bzl", "step")
load("//toolchain:devices.bzl", "AOT_TOOLS", "FRONT_ENDS")

def aot_tool(tc, device, target):
    """The files and sycl-device flags of a target's AOT tool; fails when it is missing.

    What the tool runs is AOT_TOOLS' record (Go's devconfig.AOTTools): its binary is the
    aot verb's flag of that name, found in the toolchain's aot_binaries.

    Args:
      tc: the SyclToolchainInfo.
      device: the target's SyclDeviceConfigInfo.
      target: the target name (for the error).

    Returns:
      (list of File, depset of File, list of string): the tools' files, what they load, and
      the `aot` verb's tool flags.
    """
    if device.aot_tool not in AOT_TOOLS:
        fail("target %s: AOT tool '%s' is not one rules_sycl can run (known: %s; none for JIT SPIR-V)" % (target, device.aot_tool, ", ".join([t for t in AOT_TOOLS if t])))
    files, loaded, flags = [tc.llc], [], ["--llc=" + tc.llc.path]
    if tc.front_end.spirv_translator and device_family(device)["spirv"]:
        # A DPC++ install's llvm-spirv writes the SPIR-V of SPIR targets, as DPC++ does.
        files.append(tc.front_end.spirv_translator)
        flags.append("--spirv-translator=" + tc.front_end.spirv_translator.path)
    if device.triple in FRONT_ENDS[tc.front_end.name]["retargets"]:
        rfiles, rflags = _retarget(tc, device, target)
        files, flags = files + rfiles, flags + rflags
    t = AOT_TOOLS[device.aot_tool]
    if t["binary"]:
        b = tc.aot_binaries.get(t["binary"])
        if not b and device.aot_binary:
            b = struct(file = device.aot_binary, files = depset())
        if b:
            files.append(b.file)
            loaded.append(b.files)
            flags.append("--%s=%s" % (t["binary"], b.file.path))
        elif not t["optional"]:
            fail("target %s needs %s, which the SYCL toolchain does not have; install it or select another target" % (target, t["binary_what"]))
    return files, depset(transitive = loaded), flags

def _retarget(tc, device, target):
    """The files and aot flags that retarget a SPIR-only front end's code to NVPTX."""
    builtins = tc.front_end.nvptx_builtins
    if not builtins:
        fail("target %s (%s) is built from the %s front end's SPIR code, retargeted: the SYCL toolchain names no nvptx_builtins (@rules_sycl//toolchain/nvptx:spirv_builtins)" % (target, device.triple, tc.front_end.name))
    libdevice = [f for f in device.device_libraries if f.basename.startswith("libdevice")]
    if not libdevice:
        fail("target %s (%s) is built from DPC++'s SPIR code, retargeted, and its math needs NVIDIA's libdevice: its device configuration names none (sycl_device's device_libraries = [\"@sycl_cuda//:libdevice\"], as the built-in NVIDIA targets do)" % (target, device.triple))
    files = [builtins, libdevice[0], tc.llvm_link, tc.opt]
    flags = ["--nvptx-builtins=" + builtins.path, "--libdevice=" + libdevice[0].path, "--llvm-link=" + tc.llvm_link.path, "--opt=" + tc.opt.path]
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

def aspect_filter(ctx, steps, tool, cfg, target, chain, shard, s, n):
    """SyclFilter: the rows of a shard's table that the target's configuration can run.

    Args:
      ctx: the rule context.
      steps: the step list to append to.
      tool: the sycl-device executable (SyclToolchainInfo.sycl_device).
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
        tool,
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
      ctx: the rule context.
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
    tool_files, tool_loads, tool_flags = aot_tool(tc, device, target)
    out = []

    # The specification filters "for each requested AOT compilation target": a target
    # with an AOT tool. A generic JIT target (spir64: SPIR-V for any device, which may
    # support other aspects) keeps every image; the runtime checks the device it finds. A
    # JIT target whose configuration describes one device (intel_cpu) is filtered too.
    filtered_target = device.aot_tool != "" or not device.may_support_other_aspects
    tool = device.aot_tool or ("llvm-spirv (DPC++): SPIR-V" if tc.front_end.spirv_translator else "llc: SPIR-V")
    n = len(shard_dirs)
    for s, shard in enumerate(shard_dirs):
        table, inputs = shard.path + "/files.table", [shard, cfg]
        if filtered_target:
            filtered = aspect_filter(ctx, steps, tc.sycl_device, cfg, target, chain, shard, s, n)
            table, inputs = filtered.path, inputs + [filtered]
        images = ctx.actions.declare_directory(scratch_path(ctx, "%s.img_%d.%s" % (chain, s, target)))
        steps.append(step(
            tc.sycl_device,
            ["aot", "-target=" + target, "-device-config-file=" + cfg.path] + (["--kernel-locations=" + locations.path] if locations else []) +
            ["--out-dir=" + images.path] + tool_flags + [table],
            depset(inputs + tool_files + ([locations] if locations else []), transitive = [tc.tool_files, tool_loads]),
            [images],
            "SyclAot",
            "Compiling the images of %s for %s (shard %d/%d, %s, %s)" % (ctx.label, target, s + 1, n, chain, tool),
            sycl_device = True,
        ))
        out.append(images)
    return out
