"""SyclPropagate: `sycl-device propagate --validate` on one device module."""

load("//sycl/private:common.bzl", "scratch_path")
load("//sycl/private:steps.bzl", "step")

def propagate(ctx, steps, ir, chain, werror):
    """Propagates aspect usage through the call graph and checks device_has.

    Args:
      ctx: the rule context (with _sycl_device).
      steps: the step list to append to.
      ir: the device IR File.
      chain: the chain name (output stem, progress message).
      werror: device_has warnings are errors.

    Returns:
      The propagated IR File (.prop.ll).
    """
    prop = ctx.actions.declare_file(scratch_path(ctx, chain + ".prop.ll"))
    argv = ["propagate", "--validate"] + (["--Werror"] if werror else []) + ["-o", prop.path, ir.path]
    steps.append(step(
        ctx.executable._sycl_device,
        argv,
        depset([ir]),
        [prop],
        "SyclPropagate",
        "Propagating aspect usage of %s (%s)" % (ctx.label, chain),
        sycl_device = True,
    ))
    return prop
