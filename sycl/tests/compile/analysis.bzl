"""Analysis tests: the host compile takes the C++ toolchain's flags; defines reach
dependents, local_defines do not; -c dbg and -O levels reach the device code.

The host compile is a CppCompile action (cc_common.compile) with a C++ toolchain that
compiles SYCL host code itself (@sycl_cc), a SyclHostCompile action otherwise (Bazel's
autodetected GCC toolchain); host_mnemonic says which one the test expects."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")

def _argvs(env, mnemonic, src):
    # Bazel 4 gives no argv for CppCompile in analysis: match on the inputs.
    return [
        a.argv or []
        for a in analysistest.target_actions(env)
        if a.mnemonic == mnemonic and src in [f.path for f in a.inputs.to_list()]
    ]

def _check(env, mnemonic, argv, want, absent):
    for w in want:
        asserts.true(env, w in argv, "%s lacks %s: %s" % (mnemonic, w, argv))
    for a in absent:
        asserts.false(env, a in argv, "%s has %s: %s" % (mnemonic, a, argv))

def _flags_impl(ctx):
    env = analysistest.begin(ctx)
    other = "CppCompile" if ctx.attr.host_mnemonic == "SyclHostCompile" else "SyclHostCompile"
    asserts.equals(env, 0, len(_argvs(env, other, ctx.attr.src)), "%s actions of %s" % (other, ctx.attr.src))
    for mnemonic in (ctx.attr.host_mnemonic, "SyclDeviceCompile"):
        argvs = _argvs(env, mnemonic, ctx.attr.src)
        asserts.equals(env, 1, len(argvs), "%s actions of %s" % (mnemonic, ctx.attr.src))
        if not argvs:
            continue
        if mnemonic == "SyclDeviceCompile":
            _check(env, mnemonic, argvs[0], ctx.attr.device_want, ctx.attr.device_absent)
        else:
            _check(env, mnemonic, argvs[0], ctx.attr.host_want, ctx.attr.host_absent)
    if ctx.attr.optimize_want or ctx.attr.optimize_absent:
        argvs = [a.argv for a in analysistest.target_actions(env) if a.mnemonic == "SyclDeviceOptimize"]
        asserts.true(env, len(argvs) > 0, "no SyclDeviceOptimize action")
        for argv in argvs:
            _check(env, "SyclDeviceOptimize", argv, ctx.attr.optimize_want, ctx.attr.optimize_absent)
    return analysistest.end(env)

_ATTRS = {
    "src": attr.string(doc = "the source path whose compiles are checked"),
    "host_mnemonic": attr.string(default = "SyclHostCompile", doc = "the host compile's mnemonic"),
    "optimize_want": attr.string_list(),
    "optimize_absent": attr.string_list(),
    "host_want": attr.string_list(),
    "host_absent": attr.string_list(),
    "device_want": attr.string_list(),
    "device_absent": attr.string_list(),
}

# Bazel's autodetected C++ toolchain (GCC here) is chosen over @sycl_cc through
# --extra_toolchains: the SYCL toolchain's clang compiles the host side with that
# toolchain's flags (SyclHostCompile), whose argv an analysis test can read. With @sycl_cc
# (hermetic_flags_test) the host compile is a CppCompile action, whose argv Bazel 4 does
# not show to analysis tests: tools/tests/host_compile_test.sh reads it with aquery.
_AUTODETECT = {"//command_line_option:extra_toolchains": ["@local_config_cc_toolchains//:cc-toolchain-k8"]}

flags_test = analysistest.make(_flags_impl, attrs = _ATTRS, config_settings = _AUTODETECT)

hermetic_flags_test = analysistest.make(_flags_impl, attrs = _ATTRS)

dbg_flags_test = analysistest.make(
    _flags_impl,
    attrs = _ATTRS,
    config_settings = dict(_AUTODETECT, **{
        "//command_line_option:compilation_mode": "dbg",
        "//command_line_option:copt": ["-DFROM_COPT"],
    }),
)

hermetic_dbg_flags_test = analysistest.make(
    _flags_impl,
    attrs = _ATTRS,
    config_settings = {
        "//command_line_option:compilation_mode": "dbg",
        "//command_line_option:copt": ["-DFROM_COPT"],
    },
)

opt_flags_test = analysistest.make(
    _flags_impl,
    attrs = _ATTRS,
    config_settings = dict(_AUTODETECT, **{
        "//command_line_option:compilation_mode": "opt",
        "//command_line_option:cxxopt": ["-DFROM_CXXOPT", "-std=c++20"],
    }),
)

o0_flags_test = analysistest.make(
    _flags_impl,
    attrs = _ATTRS,
    config_settings = {
        "//command_line_option:copt": ["-O0"],
    },
)

def _pch_impl(ctx):
    env = analysistest.begin(ctx)
    actions = analysistest.target_actions(env)
    pchs = [a for a in actions if a.mnemonic == "SyclHostPch"]
    checks = [a for a in actions if a.mnemonic == "SyclPchCheck"]
    hosts = [a for a in actions if a.mnemonic == "SyclHostCompile"]
    asserts.equals(env, ctx.attr.want_pch, len(pchs), "SyclHostPch actions")
    asserts.equals(env, ctx.attr.want_pch, len(checks), "SyclPchCheck actions")
    asserts.equals(env, len(ctx.attr.srcs), len(hosts), "SyclHostCompile actions")
    if not ctx.attr.want_pch:
        for h in hosts:
            asserts.false(env, "-include-pch" in h.argv, "a host compile reads a PCH without host_pch: %s" % h.argv)
        return analysistest.end(env)
    if not pchs or not checks:
        return analysistest.end(env)
    pch = pchs[0].outputs.to_list()[0]
    check = checks[0].outputs.to_list()[0]
    argv = pchs[0].argv
    for w in ["-x", "c++-header", "-working-directory", "/proc/self/cwd", "-fno-pch-timestamp", "-fsycl-is-host", "-D__SYCL_UNNAMED_LAMBDA__"]:
        asserts.true(env, w in argv, "SyclHostPch lacks %s: %s" % (w, argv))

    # The PCH reads the runtime's headers, not the target's own: editing those leaves it.
    pch_inputs = [f.path for f in pchs[0].inputs.to_list()]
    for hdr in ctx.attr.own_headers:
        asserts.false(env, hdr in pch_inputs, "SyclHostPch reads the target's own header %s" % hdr)
    asserts.true(env, [f for f in pch_inputs if f.endswith("sycl_aspect_traits.h")] != [], "SyclHostPch does not read the traits header")
    check_inputs = [f.path for f in checks[0].inputs.to_list()]
    for src in ctx.attr.srcs:
        asserts.true(env, src in check_inputs, "SyclPchCheck does not read %s" % src)
    for h in hosts:
        # The PCH is built with every flag of the compiles that read it (clang refuses
        # a PCH whose macros or language options differ) but the TU's own.
        i = h.argv.index("-include-pch") if "-include-pch" in h.argv else -1
        asserts.true(env, i > 0 and h.argv[i + 1] == pch.path, "a host compile does not read %s: %s" % (pch.path, h.argv))
        inputs = h.inputs.to_list()
        asserts.true(env, check in inputs, "a host compile does not wait for the check %s" % check.path)
        for f in h.argv:
            if f.startswith("-D") or f.startswith("-std=") or f.startswith("-O") or f.startswith("-f"):
                asserts.true(env, f in argv, "SyclHostPch lacks the host compile's %s" % f)
    return analysistest.end(env)

_PCH_ATTRS = {
    "srcs": attr.string_list(doc = "the target's sources"),
    "want_pch": attr.int(doc = "1: the target's host compiles read one PCH; 0: none"),
    "own_headers": attr.string_list(doc = "the target's own headers, which the PCH must not read"),
}

# host_pch = "auto" with the flag on (autodetected toolchain: SyclHostCompile argv).
pch_flag_test = analysistest.make(_pch_impl, attrs = _PCH_ATTRS, config_settings = dict(_AUTODETECT, **{
    str(Label("//sycl:host_pch")): True,
    "//command_line_option:compilation_mode": "opt",
}))

pch_test = analysistest.make(_pch_impl, attrs = _PCH_ATTRS, config_settings = _AUTODETECT)
