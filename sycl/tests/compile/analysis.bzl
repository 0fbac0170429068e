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
