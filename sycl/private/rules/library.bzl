"""sycl_library: host objects (CcInfo) and per-TU device IR (SyclInfo)."""

load("//sycl/private:actions/archive.bzl", "archive")
load("//sycl/private:common.bzl", "COMPILE_ATTRS", "CPP_TOOLCHAIN")
load("//sycl/private:device_config.bzl", "FLAG_DEVICE_ATTRS", "resolved_devices")
load("//sycl/private:front_ends.bzl", "compile_sources", "sycl_common")
load("//sycl/private:providers.bzl", "SyclInfo", "SyclRuntimeInfo")
load("//sycl/private:steps.bzl", "register_steps")
load("//sycl/private:toolchain.bzl", "TOOLCHAIN_TYPE", "front_end_name")

def _linking_context(ctx, common, archive_file):
    linkopts = [o for opt in ctx.attr.linkopts for o in ctx.tokenize(ctx.expand_location(opt, ctx.attr.deps))]
    if not archive_file and not linkopts:
        return cc_common.merge_cc_infos(cc_infos = []).linking_context
    libs = []
    if archive_file:
        libs.append(cc_common.create_library_to_link(
            actions = ctx.actions,
            feature_configuration = common.feature_configuration,
            cc_toolchain = common.cc_toolchain,
            static_library = archive_file,
            alwayslink = ctx.attr.alwayslink,
        ))
    return cc_common.create_linking_context(
        linker_inputs = depset([cc_common.create_linker_input(
            owner = ctx.label,
            libraries = depset(libs),
            user_link_flags = depset(linkopts),
        )]),
    )

def _sycl_library_impl(ctx):
    common = sycl_common(ctx, resolved_devices(ctx))
    steps = []
    device, objects, tus = compile_sources(ctx, steps, common)
    register_steps(ctx, steps)
    archive_file = None
    if objects:
        archive_file = archive(ctx, common.tc, common.cc_toolchain, objects)
    own = CcInfo(
        compilation_context = cc_common.create_compilation_context(
            headers = depset(common.hdrs),
            defines = depset(ctx.attr.defines),
            includes = depset(common.own_includes),
        ),
        linking_context = _linking_context(ctx, common, archive_file),
    )

    # implementation_deps: compiled against and linked, but their headers, includes and
    # defines stay out of this library's dependents' compiles.
    impl = [CcInfo(linking_context = d[CcInfo].linking_context) for d in ctx.attr.implementation_deps]
    deps = ctx.attr.deps + ctx.attr.implementation_deps
    merged = cc_common.merge_cc_infos(direct_cc_infos = [own], cc_infos = [d[CcInfo] for d in ctx.attr.deps if CcInfo in d] + impl)
    sycl = SyclInfo(
        device_ir = depset(device, transitive = [d[SyclInfo].device_ir for d in deps if SyclInfo in d]),
        tus = depset(tus, transitive = [d[SyclInfo].tus for d in deps if SyclInfo in d]),
        front_ends = depset(
            [struct(label = str(ctx.label), front_end = front_end_name(common.tc))] if ctx.files.srcs else [],
            transitive = [d[SyclInfo].front_ends for d in deps if SyclInfo in d],
        ),
        shared_libraries = depset(transitive = [d[SyclInfo].shared_libraries for d in deps if SyclInfo in d]),
        exported_symbols = depset(transitive = [d[SyclInfo].exported_symbols for d in deps if SyclInfo in d]),
    )
    runfiles = ctx.runfiles(files = ctx.files.data)
    for t in ctx.attr.data + deps:
        runfiles = runfiles.merge(t[DefaultInfo].default_runfiles)
    return [
        merged,
        sycl,
        DefaultInfo(files = depset(device + ([archive_file] if archive_file else [])), runfiles = runfiles),
        OutputGroupInfo(sycl_compile_inputs = common.headers),
    ]

LIBRARY_ATTRS = {
    "alwayslink": attr.bool(doc = "Link every object of this library into each binary that depends on it, used or not (cc_library's alwayslink; default off, as there). Device code is linked whole either way."),
    "data": attr.label_list(allow_files = True, doc = "Files needed at run time: in the runfiles of every binary that depends on this library."),
    "implementation_deps": attr.label_list(providers = [[CcInfo]], doc = "Dependencies this library's own sources compile against, whose headers, includes and defines do not reach its dependents (linked and their device code used all the same)."),
    "include_prefix": attr.string(doc = "Prefix added to the include path of every header of hdrs, as cc_library's."),
    "linkopts": attr.string_list(doc = "Linker flags of every binary that depends on this library, as cc_library's."),
    "runtime": attr.label(providers = [SyclRuntimeInfo], doc = "The SYCL runtime of the programs that use this library (default --@rules_sycl//sycl:runtime): its headers, and the device front end it implies (Intel's libsycl: DPC++'s; the rsycl test runtime: upstream clang with the rsycl API). A binary refuses libraries compiled by another front end than its own."),
    "_runtime_flag": attr.label(default = Label("//sycl:runtime")),
    "strip_include_prefix": attr.string(doc = "Prefix removed from the include path of every header of hdrs (relative to the package; absolute from the repository root with a leading /), as cc_library's."),
}

sycl_library = rule(
    implementation = _sycl_library_impl,
    doc = """SYCL sources: host objects (CcInfo) and per-TU device IR (SyclInfo).

Compiled with the aspect traits of --@rules_sycl//sycl:targets (a library is compiled once,
whatever binary uses it).""",
    attrs = dict(COMPILE_ATTRS, **dict(FLAG_DEVICE_ATTRS, **LIBRARY_ATTRS)),
    fragments = ["cpp"],
    toolchains = [TOOLCHAIN_TYPE, CPP_TOOLCHAIN],
    provides = [CcInfo, SyclInfo],
)
