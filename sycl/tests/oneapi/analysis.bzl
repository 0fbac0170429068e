"""Analysis tests: a dpcpp-family toolchain's actions against what DPC++'s driver runs.

The facts come from DPC++'s own driver tests (intel/llvm, clang/test/Driver: the
integration header and footer, append-file, the device library link, the llvm-spirv
options, the per-target device compiles of -fsycl-targets). The toolchain under test
(:dpcpp_toolchain) is declared over placeholder files, as those tests run the driver
over an empty sysroot: an analysis test reads command lines and runs nothing."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")
load("//toolchain:dpcpp_repository.bzl", "DPCPP_DEVICE_LIBS")

# DPC++'s device libraries in the order its driver links them (-only-needed): the
# repository rule's list, the one home of that order (from DPC++'s driver tests).
DRIVER_DEVICE_LIB_ORDER = DPCPP_DEVICE_LIBS

def _actions(env, mnemonic):
    return [a for a in analysistest.target_actions(env) if a.mnemonic == mnemonic]

def _flag_value(argv, prefix):
    for a in argv:
        if a.startswith(prefix):
            return a[len(prefix):]
    return None

def _device_compiles(env, src):
    """The SyclDeviceCompile actions of src: {offload target or "": argv}."""
    out = {}
    for a in _actions(env, "SyclDeviceCompile"):
        if src in [f.path for f in a.inputs.to_list()]:
            out[_flag_value(a.argv, "-fsycl-targets=") or ""] = a
    return out

def _check_device_compiles(env, ctx):
    compiles = _device_compiles(env, ctx.attr.src)
    asserts.equals(env, sorted([""] + ctx.attr.offload_targets), sorted(compiles.keys()), "device compiles per offload target")
    for target, a in compiles.items():
        asserts.true(env, "-fsycl" in a.argv and "-fsycl-device-only" in a.argv, "%s: not a SYCL device compile: %s" % (target, a.argv))
        asserts.false(env, "-disable-llvm-passes" in a.argv, "%s: DPC++'s front end must run its own passes: %s" % (target, a.argv))
    spir = compiles.get("")
    if not spir:
        return None
    header = _flag_value(spir.argv, "-fsycl-int-header=")
    footer = _flag_value(spir.argv, "-fsycl-int-footer=")
    asserts.true(env, header and footer, "the spir64 device compile writes no integration header and footer: %s" % spir.argv)
    outs = [f.path for f in spir.outputs.to_list()]
    asserts.true(env, header in outs and footer in outs, "integration header and footer are not outputs: %s" % outs)
    for flag in ("-fsycl-int-header=" + str(header), "-fsycl-int-footer=" + str(footer)):
        i = spir.argv.index(flag) if flag in spir.argv else -1
        asserts.true(env, i > 0 and spir.argv[i - 1] == "-Xclang", "%s is not a front-end (-Xclang) option: %s" % (flag, spir.argv))
    return struct(header = header, footer = footer)

def _check_host_compile(env, ctx, front):
    writes = [a for a in _actions(env, "FileWrite") if a.outputs.to_list()[0].path.endswith(".footer.cpp")]
    asserts.equals(env, 1, len(writes), "appended sources (append-file --use-include)")
    if not writes or not front:
        return
    appended = writes[0].outputs.to_list()[0].path
    asserts.equals(env, '#include "%s"\n#include "%s"\n' % (ctx.attr.src, front.footer), writes[0].content)

    # Bazel 4 shows no argv of CppCompile to analysis tests, and its headers hide behind a
    # middleman: -include of the integration header is checked with aquery by
    # tools/tests/oneapi_test.sh.
    compiles = [a for a in _actions(env, "CppCompile") if appended in [f.path for f in a.inputs.to_list()]]
    asserts.equals(env, 1, len(compiles), "host compiles of the appended source")
    if compiles:
        inputs = [f.path for f in compiles[0].inputs.to_list()]
        asserts.true(env, ctx.attr.src in inputs, "the host compile lacks the source the appended file includes: %s" % inputs)

def _check_device_link(env):
    links = [a for a in _actions(env, "SyclDeviceLink") if "-only-needed" in a.argv]
    asserts.true(env, len(links) > 0, "no device library link (-only-needed)")
    for a in links:
        libs = [x.rsplit("/", 1)[-1] for x in a.argv if x.endswith(".bc")]
        asserts.equals(env, ["libsycl-%s.bc" % n for n in DRIVER_DEVICE_LIB_ORDER], libs, "device libraries in DPC++'s order")
        asserts.equals(env, ["-o", a.outputs.to_list()[0].path, "--suppress-warnings"], a.argv[-3:], "the link's trailing options")
    return [a.outputs.to_list()[0].path for a in links]

def _dpcpp_pipeline_impl(ctx):
    env = analysistest.begin(ctx)
    front = _check_device_compiles(env, ctx)
    _check_host_compile(env, ctx, front)
    linked = _check_device_link(env)
    for m in ("SyclPropagate", "SyclDeviceOptimize", "SyclHostCompile"):
        asserts.equals(env, 0, len(_actions(env, m)), "%s actions (DPC++'s front end propagates and optimises; the C++ toolchain compiles the host side)" % m)
    splits = _actions(env, "SyclSplit")
    asserts.true(env, len(splits) > 0, "no SyclSplit action")
    for a in splits:
        ins = [f.path for f in a.inputs.to_list()]
        asserts.true(env, [p for p in linked if p in ins] != [], "SyclSplit does not read the device library link's output: %s" % ins)

        # DPC++'s driver passes -emit-program-metadata to sycl-post-link for NVPTX and
        # AMDGCN only.
        want = [t for t in ctx.attr.program_metadata_targets if t in a.argv[-1]] != []
        asserts.equals(env, want, "-emit-program-metadata" in a.argv, "-emit-program-metadata in the split of %s" % a.argv[-1])
    for a in _actions(env, "SyclAot"):
        target = _flag_value(a.argv, "-target=")
        translator = _flag_value(a.argv, "--spirv-translator=")
        if target in ctx.attr.translated_targets:
            asserts.true(env, translator != None, "%s: SPIR-V not written by DPC++'s llvm-spirv: %s" % (target, a.argv))
        else:
            asserts.equals(env, None, translator, "%s: llvm-spirv for a non-SPIR target" % target)
    return analysistest.end(env)

dpcpp_pipeline_test = analysistest.make(
    _dpcpp_pipeline_impl,
    attrs = {
        "src": attr.string(doc = "the source path whose actions are checked"),
        "offload_targets": attr.string_list(doc = "the -fsycl-targets of the per-target device compiles"),
        "translated_targets": attr.string_list(doc = "targets whose SPIR-V DPC++'s llvm-spirv writes"),
        "program_metadata_targets": attr.string_list(doc = "targets whose images carry [SYCL/program metadata] (in the split input's path)"),
    },
    config_settings = {"//command_line_option:extra_toolchains": [str(Label("//sycl/tests/oneapi:dpcpp_toolchain"))]},
)
