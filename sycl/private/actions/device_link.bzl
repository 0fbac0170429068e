"""SyclDeviceLink: llvm-link of one device-IR key's device IR (rdc)."""

load("//sycl/private:common.bzl", "scratch_path")
load("//sycl/private:steps.bzl", "step")

def device_link(ctx, steps, tc, irs, key, name):
    """Links the device IR of every TU of one device-IR key into one module.

    Args:
      ctx: the rule context.
      steps: the step list to append to.
      tc: the SyclToolchainInfo.
      irs: the device IR Files.
      key: the device-IR key, "spir" or "nvptx:sm_XX" (for the progress message).
      name: the chain name (output file stem).

    Returns:
      The linked IR File.
    """
    linked = ctx.actions.declare_file(scratch_path(ctx, name + ".linked.ll"))
    steps.append(step(
        tc.llvm_link,
        ["-S"] + irs + ["-o", linked],
        depset(irs, transitive = [tc.tool_files]),
        [linked],
        "SyclDeviceLink",
        "Linking SYCL device code of %s (%s)" % (ctx.label, key),
    ))
    return linked

def dpcpp_device_link(ctx, steps, tc, irs, key, name, bitcode):
    """SyclDeviceLink of a DPC++ toolchain: the TUs, then DPC++'s device libraries.

    DPC++'s driver links the TUs' device code (llvm-link ... --suppress-warnings), then
    its SYCL device libraries with -only-needed, in its own order (the toolchain's
    device_libs); either link is skipped where it has one input (except for bitcode,
    which becomes the text the later steps read).

    Args:
      ctx: the rule context.
      steps: the step list to append to.
      tc: the SyclToolchainInfo (family dpcpp).
      irs: the device IR Files of the chain (one for a TU of its own).
      key: the device-IR key (for the progress message).
      name: the chain name (output stem).
      bitcode: the front end wrote bitcode (one TU is made text too).

    Returns:
      The linked IR File.
    """
    linked = irs[0]
    if len(irs) > 1 or bitcode:
        linked = ctx.actions.declare_file(scratch_path(ctx, name + ".linked.ll"))
        steps.append(step(
            tc.llvm_link,
            ["-S"] + irs + ["-o", linked, "--suppress-warnings"],
            depset(irs, transitive = [tc.tool_files]),
            [linked],
            "SyclDeviceLink",
            "Linking SYCL device code of %s (%s)" % (ctx.label, key),
        ))
    if not tc.front_end.device_libs:
        return linked
    with_libs = ctx.actions.declare_file(scratch_path(ctx, name + ".devicelibs.ll"))
    steps.append(step(
        tc.llvm_link,
        ["-S", "-only-needed", linked] + tc.front_end.device_libs + ["-o", with_libs, "--suppress-warnings"],
        depset([linked] + tc.front_end.device_libs, transitive = [tc.tool_files]),
        [with_libs],
        "SyclDeviceLink",
        "Linking SYCL device libraries into %s (%s)" % (ctx.label, key),
    ))
    return with_libs

def libclc_link(ctx, steps, tc, ir, lib, chain):
    """SyclDeviceLink of libclc: the OpenCL built-ins a module's math calls became.

    After the propagate step has renamed C math calls to OpenCL built-ins (NVPTX and AMD
    chains), libclc's library for the target is linked -only-needed, so the optimiser
    inlines what the kernels call (DPC++ links its libspirv the same way).

    Args:
      ctx: the rule context.
      steps: the step list to append to.
      tc: the SyclToolchainInfo.
      ir: the propagated IR File.
      lib: libclc's library File for the chain's target.
      chain: the chain name (output stem, progress message).

    Returns:
      The linked IR File.
    """
    out = ctx.actions.declare_file(scratch_path(ctx, chain + ".libclc.ll"))
    steps.append(step(
        tc.llvm_link,
        ["-S", "--only-needed", "--suppress-warnings", ir, lib, "-o", out],
        depset([ir, lib], transitive = [tc.tool_files]),
        [out],
        "SyclDeviceLink",
        "Linking libclc's math into the device code of %s (%s)" % (ctx.label, chain),
    ))
    return out
