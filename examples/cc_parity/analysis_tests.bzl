"""Analysis tests of the cc parity attributes: what running the program cannot show."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")

def _link_inputs(env):
    links = [a for a in analysistest.target_actions(env) if a.mnemonic == "CppLink"]
    asserts.equals(env, 1, len(links), "CppLink actions")
    return [f.basename for f in links[0].inputs.to_list()] if links else []

def _linkstatic_off_impl(ctx):
    env = analysistest.begin(ctx)
    inputs = _link_inputs(env)
    asserts.true(env, [i for i in inputs if "shared_Udep" in i and i.endswith(".so")] != [], "linkstatic = False links the shared library: %s" % inputs)
    return analysistest.end(env)

def _linkstatic_on_impl(ctx):
    env = analysistest.begin(ctx)
    inputs = _link_inputs(env)
    asserts.false(env, [i for i in inputs if i.endswith(".so")], "linkstatic = True links no shared library: %s" % inputs)
    asserts.true(env, "shared_dep.pic.o" in inputs or "libshared_dep.a" in inputs, "linkstatic = True links the objects: %s" % inputs)
    return analysistest.end(env)

def _libraries(target):
    return [
        lib
        for li in target[CcInfo].linking_context.linker_inputs.to_list()
        for lib in li.libraries
        if lib.static_library and lib.static_library.basename.startswith("libplugin")
    ]

def _alwayslink_impl(ctx):
    env = analysistest.begin(ctx)
    libs = _libraries(analysistest.target_under_test(env))
    asserts.equals(env, 1, len(libs), "the plugin archive")
    if libs:
        asserts.equals(env, ctx.attr.want, libs[0].alwayslink, "alwayslink of %s" % libs[0].static_library.basename)
    return analysistest.end(env)

def _linkopts_impl(ctx):
    env = analysistest.begin(ctx)
    cc = analysistest.target_under_test(env)[CcInfo]
    flags = [f for li in cc.linking_context.linker_inputs.to_list() for f in li.user_link_flags]
    asserts.true(env, "-Wl,--defsym=rsycl_parity_library_linkopt=0x17" in flags, "a library's linkopts reach its dependents' links: %s" % flags)
    return analysistest.end(env)

def _binary_linkopts_impl(ctx):
    env = analysistest.begin(ctx)
    links = [a for a in analysistest.target_actions(env) if a.mnemonic == "CppLink"]
    asserts.equals(env, 1, len(links), "CppLink actions")
    argv = (links[0].argv or []) if links else []
    asserts.true(env, "-Wl,--defsym=rsycl_parity_binary_linkopt=0x2a" in argv, "the binary's linkopts on its link line: %s" % argv)
    asserts.true(env, "-Wl,--defsym=rsycl_parity_library_linkopt=0x17" in argv, "a dependency's linkopts on the binary's link line: %s" % argv)
    return analysistest.end(env)

def _include_prefix_impl(ctx):
    env = analysistest.begin(ctx)
    target = analysistest.target_under_test(env)
    cc = target[CcInfo].compilation_context
    headers = [h.path for h in cc.headers.to_list()]
    virtual = [h for h in headers if h.endswith("/_virtual_includes/scale/vendor/parity/scale.h")]
    asserts.equals(env, 1, len(virtual), "the header under its include path: %s" % headers)
    includes = [i for i in cc.includes.to_list() if i.endswith("examples/cc_parity/_virtual_includes/scale")]
    asserts.equals(env, 1, len(includes), "the virtual include directory: %s" % cc.includes.to_list())

    # implementation_deps: :scale's own compiles read detail.h, its dependents do not get it.
    asserts.false(env, [h for h in headers if h.endswith("/detail.h")], "detail.h leaks to dependents: %s" % headers)
    compiles = [a for a in analysistest.target_actions(env) if a.mnemonic == "SyclDeviceCompile"]
    asserts.true(env, len(compiles) > 0, "no device compile")
    for a in compiles:
        asserts.true(env, [f for f in a.inputs.to_list() if f.path.endswith("cc_parity/detail.h")] != [], "the device compile of :scale reads detail.h")
        if virtual:
            asserts.true(env, virtual[0] in [f.path for f in a.inputs.to_list()], "the device compile reads the virtual header")
    return analysistest.end(env)

def _data_impl(ctx):
    env = analysistest.begin(ctx)
    target = analysistest.target_under_test(env)
    files = [f.short_path for f in target[DefaultInfo].default_runfiles.files.to_list()]
    asserts.true(env, "examples/cc_parity/testdata/input.txt" in files, "data in the runfiles: %s" % files)
    return analysistest.end(env)

linkstatic_off_test = analysistest.make(_linkstatic_off_impl)
linkstatic_on_test = analysistest.make(_linkstatic_on_impl)
alwayslink_test = analysistest.make(_alwayslink_impl, attrs = {"want": attr.bool()})
linkopts_test = analysistest.make(_linkopts_impl)
binary_linkopts_test = analysistest.make(_binary_linkopts_impl)
include_prefix_test = analysistest.make(_include_prefix_impl)
data_test = analysistest.make(_data_impl)

def cc_parity_analysis_tests(name):
    """The analysis tests of examples/cc_parity.

    Args:
      name: the test_suite's name.
    """
    linkstatic_off_test(name = name + "_linkstatic_off_test", target_under_test = ":linkstatic_off")
    linkstatic_on_test(name = name + "_linkstatic_on_test", target_under_test = ":linkstatic_on")
    alwayslink_test(name = name + "_alwayslink_test", target_under_test = ":plugin", want = True)
    alwayslink_test(name = name + "_not_alwayslink_test", target_under_test = ":plugin_not_alwayslink", want = False)
    linkopts_test(name = name + "_linkopts_test", target_under_test = ":registry")
    binary_linkopts_test(name = name + "_binary_linkopts_test", target_under_test = ":cc_parity")
    include_prefix_test(name = name + "_include_prefix_test", target_under_test = ":scale")
    data_test(name = name + "_data_test", target_under_test = ":cc_parity")
    native.test_suite(
        name = name,
        tests = [name + s for s in ["_linkstatic_off_test", "_linkstatic_on_test", "_alwayslink_test", "_not_alwayslink_test", "_linkopts_test", "_binary_linkopts_test", "_include_prefix_test", "_data_test"]],
    )
