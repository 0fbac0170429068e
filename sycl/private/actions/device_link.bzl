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
