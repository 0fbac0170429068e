"""SyclCoverage and SyclReport: the report verb over a program's images per target."""

load("//sycl/private:steps.bzl", "register_steps", "step")

def _report_args(devices_config, kernel_locations, report):
    """The report verb's inputs and arguments for the (target, shard, images) triples."""
    specs = ["%s=%s/files.table=%s/files.table" % (t, shard.path, images.path) for t, shard, images in report]
    inputs = [devices_config] + kernel_locations + [shard for _, shard, _ in report] + [images for _, _, images in report]
    return inputs, ["--device-config-file", devices_config.path] + ["--kernel-locations=" + f.path for f in kernel_locations] + specs

def coverage_check(ctx, steps, tool, out, devices_config, kernel_locations, report, errors):
    """SyclCoverage: warns (or fails) for kernels that no requested target gets an image of.

    A kernel every target filters out builds and then fails at run time; this step says
    so at build time, with the kernel's source line and each target's reason. Its output
    is an input of the wrapper, so the check runs in every build.

    Args:
      ctx: the rule context.
      steps: the step list to append to.
      tool: the sycl-device executable (SyclToolchainInfo.sycl_device).
      out: the check's output File (an HTML page).
      devices_config: the device configuration File.
      kernel_locations: the chains' kernel locations Files.
      report: the (target, shard, images) triples.
      errors: whether an unrunnable kernel fails the build.

    Returns:
      out.
    """
    inputs, args = _report_args(devices_config, kernel_locations, report)
    steps.append(step(
        tool,
        ["report", "-o", out.path, "--title=" + str(ctx.label), "--unrunnable=" + ("error" if errors else "warn")] + args,
        depset(inputs),
        [out],
        "SyclCoverage",
        "Checking that every kernel of %s runs on a requested target" % ctx.label,
        sycl_device = True,
    ))
    return out

def compatibility_report(ctx, tool, p):
    """SyclReport: the kernel x target compatibility page (output group sycl_report).

    It registers its action itself: only the production runner builds it, on request.

    Args:
      ctx: the rule context.
      tool: the sycl-device executable (SyclToolchainInfo.sycl_device).
      p: the struct of binary_pipeline (devices_config, kernel_locations, report).

    Returns:
      The HTML File.
    """
    out = ctx.actions.declare_file(ctx.label.name + ".sycl_report.html")
    inputs, args = _report_args(p.devices_config, p.kernel_locations, p.report)
    register_steps(ctx, [step(
        tool,
        ["report", "-o", out.path, "--title=" + str(ctx.label)] + args,
        depset(inputs),
        [out],
        "SyclReport",
        "Writing the kernel compatibility report of %s (%d targets)" % (ctx.label, len({t: 1 for t, _, _ in p.report})),
        sycl_device = True,
    )])
    return out
