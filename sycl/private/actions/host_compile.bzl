"""The host side of SYCL TUs: SyclHostCompile steps, or the C++ toolchain's CppCompile."""

load("//sycl/private:actions/checked_compile.bzl", "checked_compile", "tu_compile", "tu_stem")

# What DPC++'s driver defines for the host side of a TU as for its device side: unnamed
# lambda kernels (the integration header of an unnamed-lambda kernel needs it), and
# (-fsycl-id-queries-fit-in-int, on by default) that ids fit in int, which the device
# front end defines as 1 and DPC++'s headers would take as 0 on the host, compiling its
# range checks out. examples/sycl2020:macros_test compares the two sides.
DPCPP_HOST_DEFINES = ["-D__SYCL_UNNAMED_LAMBDA__", "-D__SYCL_ID_QUERIES_FIT_IN_INT__=1"]

def host_compile(ctx, steps, common, src):
    """SyclHostCompile: the host side of a TU of upstream clang, a plain object file.

    The SYCL toolchain's clang runs with the C++ toolchain's flags (common.host_flags:
    compilation mode, --copt, features, PIC), so that -c dbg, -c opt and --copt reach
    SYCL host objects as they reach cc_library's. Returns the object File (.o).
    """
    return tu_compile(ctx, steps, common, src, list(common.host_flags) + ["-Xclang", "-fsycl-is-host", "-c"], ".o", "SyclHostCompile", "host")

def cc_host_compile(ctx, common):
    """The host side of every TU through the C++ toolchain (cc_common.compile: CppCompile).

    For C++ toolchains whose compiler compiles SYCL host code (common.host_via_cc): the
    compilation mode, --copt, --per_file_copt, --features and the toolchain's own flags
    apply as to cc_library's sources; -fsycl-is-host and the traits header are added.

    Args:
      ctx: the rule context.
      common: the struct of create_common.

    Returns:
      The position-independent object Files, one per source.
    """
    _, outputs = cc_common.compile(
        name = ctx.label.name,
        actions = ctx.actions,
        feature_configuration = common.feature_configuration,
        cc_toolchain = common.cc_toolchain,
        srcs = common.srcs,
        private_hdrs = common.cc_hdrs + [common.traits],
        additional_inputs = common.textual_hdrs,
        compilation_contexts = [common.cc],
        includes = common.own_includes,
        defines = common.defines,
        local_defines = common.local_defines,
        user_compile_flags = list(common.cc_std_flags) + ["-Xclang", "-fsycl-is-host"] + list(common.traits_flags) + list(common.host_copts) +
                             (["-x", "c++"] if [s for s in common.srcs if s.extension == "c"] else []),
        disallow_nopic_outputs = True,
    )
    return outputs.pic_objects

def dpcpp_host_compile(ctx, common, src, header, footer, index, steps = None, pch = None):
    """The host side of a TU of a DPC++ front end (CppCompile, or SyclHostCompile).

    As DPC++ does for -fsycl-host-compiler: the source with the integration footer
    appended (here: a generated file that #includes the source, then the footer, as
    append-file --use-include writes it) is compiled with -include of the integration
    header and -fsycl-is-host. Through the C++ toolchain when its compiler is clang
    (common.host_via_cc: the compilation mode, --copt, copts and defines apply as to
    cc_library's sources); otherwise by the SYCL toolchain's clang with the C++
    toolchain's flags (a SyclHostCompile step): GCC cannot compile DPC++'s host side
    (unnamed-lambda kernels need clang's __builtin_sycl_unique_stable_name).

    Args:
      ctx: the rule context.
      common: the struct of create_common.
      src: the source File.
      header: the integration header File.
      footer: the integration footer File.
      index: the TU's position (keeps compile names unique).
      steps: the step list SyclHostCompile is appended to when the C++ toolchain's
        compiler is not clang (None: compile through the C++ toolchain all the same).
      pch: host_pch's struct: the compile reads the precompiled sycl.hpp first (a
        SyclHostCompile step, whatever the C++ toolchain).

    Returns:
      The position-independent object File.
    """
    appended = ctx.actions.declare_file(tu_stem(ctx, src) + ".footer.cpp")
    ctx.actions.write(appended, '#include "%s"\n#include "%s"\n' % (src.path, footer.path))
    if pch or (not common.host_via_cc and steps != None):
        out = ctx.actions.declare_file(tu_stem(ctx, src) + ".o")
        use_pch = ["-include-pch", pch.pch] if pch else []
        steps.append(checked_compile(
            common.tc,
            common.cc_toolchain,
            src,
            "host",
            list(common.host_flags) + ["-Xclang", "-fsycl-is-host", "-c"] + use_pch + ["-include", header] + DPCPP_HOST_DEFINES +
            list(common.flags) + [appended, "-o", out],
            depset([src, appended, header, footer] + (pch.inputs if pch else []), transitive = [common.compile_inputs]),
            [out],
            "SyclHostCompile",
            "Compiling SYCL host code %s" % src.short_path,
        ))
        return out
    host_mode = ["-Xclang", "-fsycl-is-host"] if common.host_via_cc else []
    _, outputs = cc_common.compile(
        name = "%s_tu%d" % (ctx.label.name, index),
        actions = ctx.actions,
        feature_configuration = common.feature_configuration,
        cc_toolchain = common.cc_toolchain,
        srcs = [appended],
        private_hdrs = common.cc_hdrs + [common.traits, header, footer],
        additional_inputs = [src] + common.textual_hdrs,
        compilation_contexts = [common.cc],
        includes = common.own_includes,
        defines = common.defines,
        local_defines = common.local_defines,
        user_compile_flags = list(common.cc_std_flags) + ["-include", header.path] + host_mode + DPCPP_HOST_DEFINES + list(common.traits_flags) + list(common.host_copts),
        disallow_nopic_outputs = True,
    )
    return outputs.pic_objects[0]
