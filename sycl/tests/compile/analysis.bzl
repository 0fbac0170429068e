"""Analysis tests: the host compile takes the C++ toolchain's flags; defines reach
dependents, local_defines do not."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")

def _argvs(env, mnemonic, src):
    return [a.argv for a in analysistest.target_actions(env) if a.mnemonic == mnemonic and src in a.argv]

def _flags_impl(ctx):
    env = analysistest.begin(ctx)
    for mnemonic in ("SyclHostCompile", "SyclDeviceCompile"):
        argvs = _argvs(env, mnemonic, ctx.attr.src)
        asserts.equals(env, 1, len(argvs), "%s actions of %s" % (mnemonic, ctx.attr.src))
        if not argvs:
            continue
        want = ctx.attr.host_want if mnemonic == "SyclHostCompile" else ctx.attr.device_want
        absent = ctx.attr.host_absent if mnemonic == "SyclHostCompile" else ctx.attr.device_absent
        for w in want:
            asserts.true(env, w in argvs[0], "%s lacks %s: %s" % (mnemonic, w, argvs[0]))
        for a in absent:
            asserts.false(env, a in argvs[0], "%s has %s: %s" % (mnemonic, a, argvs[0]))
    return analysistest.end(env)

_ATTRS = {
    "src": attr.string(doc = "the source path whose compiles are checked"),
    "host_want": attr.string_list(),
    "host_absent": attr.string_list(),
    "device_want": attr.string_list(),
    "device_absent": attr.string_list(),
}

flags_test = analysistest.make(_flags_impl, attrs = _ATTRS)

dbg_flags_test = analysistest.make(
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
    config_settings = {
        "//command_line_option:compilation_mode": "opt",
        "//command_line_option:cxxopt": ["-DFROM_CXXOPT", "-std=c++20"],
    },
)
