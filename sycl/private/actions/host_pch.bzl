"""SyclHostPch and SyclPchCheck: DPC++'s <sycl/sycl.hpp> precompiled for a target's host compiles."""

load("//sycl/private:actions/host_compile.bzl", "DPCPP_HOST_DEFINES")
load("//sycl/private:common.bzl", "scratch_path")
load("//sycl/private:steps.bzl", "step")

# clang writes the absolute path of every input file into a PCH: with the working
# directory named /proc/self/cwd the PCH has the same bytes in every sandbox, output base
# and remote worker, and still names the files of the compile that reads it. Without
# timestamps clang checks the inputs' sizes, not their times (a remote worker's files
# are as new as their download).
_PCH_FLAGS = ["-working-directory", "/proc/self/cwd", "-Xclang", "-fno-pch-timestamp"]

def _include_dirs(flags):
    """The -iquote, -I and -isystem directories of a compile's flags, as pch-check flags.

    Read from the flags themselves, not from the compilation context, so that the check
    searches exactly where the compiler does: copts' own -I/-isystem included.
    """
    out = []
    take = None
    for f in flags:
        if take:
            out += [take, f]
            take = None
        elif f in ("-iquote", "-isystem", "-I"):
            take = "--" + f.lstrip("-")
        elif f.startswith("-I"):
            out += ["-I", f[2:]]
    return out

def host_pch(ctx, steps, common):
    """SyclHostPch: DPC++'s <sycl/sycl.hpp> precompiled for the target's host compiles.

    Built with the host compile's own flags (clang refuses a PCH whose macros or
    language options differ), plus SyclPchCheck: every source must include sycl.hpp before
    anything the PCH, read first, could change (sycl-device pch-check names the line).
    The PCH and the compiles that read it are SyclHostCompile-style steps of the SYCL
    toolchain's clang with the C++ toolchain's flags, also where the C++ toolchain
    compiles the host side itself (common.host_via_cc): the PCH names its inputs under
    /proc/self/cwd, which Bazel's check of a CppCompile's dependency file would refuse.
    None when the target's host compiles do not use one (common.host_pch off, or fewer
    than two sources: one compile gains nothing from it).

    Args:
      ctx: the rule context.
      steps: the step list to append to.
      common: the struct of create_common.

    Returns:
      struct(pch, check, inputs) of Files (inputs: what a compile that reads the PCH
      needs: it, the check, and the header it was built from), or None.
    """
    if not common.host_pch or len(common.srcs) < 2:
        return None
    h = ctx.actions.declare_file(scratch_path(ctx, "pch/sycl_host_pch.h"))
    ctx.actions.write(h, "#include <sycl/sycl.hpp>\n")
    pch = ctx.actions.declare_file(scratch_path(ctx, "pch/sycl_host_pch.h.pch"))
    steps.append(step(
        common.tc.clang,
        list(common.host_flags) + ["-Xclang", "-fsycl-is-host"] + DPCPP_HOST_DEFINES + list(common.flags) + _PCH_FLAGS +
        ["-x", "c++-header", h, "-o", pch],
        depset([h], transitive = [common.pch_inputs]),
        [pch],
        "SyclHostPch",
        "Precompiling <sycl/sycl.hpp> for the host compiles of %s" % ctx.label,
    ))
    check = ctx.actions.declare_file(scratch_path(ctx, "pch/pch_check.txt"))
    steps.append(step(
        common.tc.sycl_device,
        ["pch-check", "-o", check] + _include_dirs(common.flags) + common.srcs,
        depset(common.srcs, transitive = [common.headers]),
        [check],
        "SyclPchCheck",
        "Checking that the sources of %s include <sycl/sycl.hpp> first (host_pch)" % ctx.label,
        sycl_device = True,
    ))
    return struct(pch = pch, check = check, inputs = [pch, check, h])
