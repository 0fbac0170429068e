"""SyclPropagate (`sycl-device propagate --validate`) and SyclDeviceOptimize on one device module."""

load("//sycl/private:common.bzl", "scratch_path")
load("//sycl/private:steps.bzl", "step")

def propagate(ctx, steps, tool, ir, chain, werror, lower, validate = True, math = "", provided = [], export = False):
    """Propagates aspect usage through the call graph and checks device_has.

    Args:
      ctx: the rule context.
      steps: the step list to append to.
      tool: the sycl-device executable (SyclToolchainInfo.sycl_device).
      ir: the device IR File.
      chain: the chain name (output stem, progress message).
      werror: device_has warnings are errors.
      lower: first lower rsycl/sycl_lite.h's requirement annotations (upstream clang;
        DPC++'s front end writes the metadata itself).
      validate: check device_has declarations (warnings, or errors with werror); off for
        the chains that compile the same sources again for another device-IR key.
      math: --lower-math's value ("" for none): C math calls become OpenCL built-ins.
      provided: Files naming the functions other images define (the exported symbols of
        the program's shared libraries; with math "spirv-no-devicelibs").
      export: also list the SYCL_EXTERNAL functions the module defines (a shared
        library's exports).

    Returns:
      (File, File, File or None): the propagated IR (.prop.ll), its kernels' source
      locations (.kernels: symbol, tab, file:line per line), which AOT errors and the
      compatibility report name kernels with, and the exported functions (.exports) when
      export is set.
    """
    prop = ctx.actions.declare_file(scratch_path(ctx, chain + ".prop.ll"))
    locs = ctx.actions.declare_file(scratch_path(ctx, chain + ".kernels"))
    argv = ["propagate"] + (["--validate"] + (["--Werror"] if werror else []) if validate else []) + (["--lower-annotations"] if lower else [])
    argv = argv + (["--lower-math=" + math] if math else []) + ["--provided-symbols=" + f.path for f in provided]
    exports = ctx.actions.declare_file(scratch_path(ctx, chain + ".exports")) if export else None
    argv = argv + (["--exported-symbols=" + exports.path] if exports else []) + ["--kernel-locations=" + locs.path, "-o", prop.path, ir.path]
    steps.append(step(
        tool,
        argv,
        depset([ir] + provided),
        [prop, locs] + ([exports] if exports else []),
        "SyclPropagate",
        "Propagating aspect usage of %s (%s)" % (ctx.label, chain),
        sycl_device = True,
    ))
    return prop, locs, exports

def optimize(ctx, steps, common, ir, chain):
    """SyclDeviceOptimize: opt on the propagated module, after propagation as DPC++ runs it.

    The aspect metadata propagation wrote survives (function attachments and named
    metadata). The level is common.device_opt_level (-O2 unless the host compile names
    one); the line tables the front end added for diagnostics are stripped, unless the
    build asks for debug info (common.device_debug: -c dbg).

    Args:
      ctx: the rule context.
      steps: the step list to append to.
      common: the struct of create_common (tc, device_opt_level, device_debug).
      ir: the propagated IR File.
      chain: the chain name (output stem, progress message).

    Returns:
      The optimised IR File (.opt.ll).
    """
    out = ctx.actions.declare_file(scratch_path(ctx, chain + ".opt.ll"))
    steps.append(step(
        common.tc.opt,
        [common.device_opt_level] + ([] if common.device_debug else ["--strip-debug"]) + ["-S", ir, "-o", out],
        depset([ir], transitive = [common.tc.tool_files]),
        [out],
        "SyclDeviceOptimize",
        "Optimising SYCL device code of %s (%s)" % (ctx.label, chain),
    ))
    return out
