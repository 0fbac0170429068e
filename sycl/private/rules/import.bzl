"""sycl_import: one TU whose device front end ran elsewhere (icpx -fsycl-device-only)."""

load("//sycl/private:actions/archive.bzl", "archive")
load("//sycl/private:actions/host_compile.bzl", "dpcpp_host_compile")
load("//sycl/private:common.bzl", "COMPILE_ATTRS", "CPP_TOOLCHAIN")
load("//sycl/private:device_config.bzl", "FLAG_DEVICE_ATTRS", "resolved_devices")
load("//sycl/private:front_ends.bzl", "sycl_common")
load("//sycl/private:providers.bzl", "SyclInfo", "SyclRuntimeInfo")
load("//sycl/private:steps.bzl", "register_steps")
load("//sycl/private:toolchain.bzl", "TOOLCHAIN_TYPE")

def _sycl_import_impl(ctx):
    if len(ctx.files.srcs) != 1:
        fail("sycl_import takes the one source its device IR was compiled from (srcs has %d files)" % len(ctx.files.srcs), attr = "srcs")
    common = sycl_common(ctx, resolved_devices(ctx))
    src = ctx.files.srcs[0]
    steps = []
    obj = dpcpp_host_compile(ctx, common, src, ctx.file.integration_header, ctx.file.integration_footer, 0, steps)
    register_steps(ctx, steps)
    lib = archive(ctx, common.tc, common.cc_toolchain, [obj])
    own = CcInfo(
        compilation_context = cc_common.create_compilation_context(headers = depset(common.hdrs), defines = depset(ctx.attr.defines)),
        linking_context = cc_common.create_linking_context(linker_inputs = depset([cc_common.create_linker_input(
            owner = ctx.label,
            libraries = depset([cc_common.create_library_to_link(
                actions = ctx.actions,
                feature_configuration = common.feature_configuration,
                cc_toolchain = common.cc_toolchain,
                static_library = lib,
                alwayslink = True,
            )]),
        )])),
    )
    deps = [d for d in ctx.attr.deps if SyclInfo in d]
    imported = struct(src = None, flags = (), inputs = depset(), imported = str(ctx.label))
    return [
        cc_common.merge_cc_infos(direct_cc_infos = [own], cc_infos = [d[CcInfo] for d in ctx.attr.deps]),
        SyclInfo(
            device_ir = depset([ctx.file.device_ir], transitive = [d[SyclInfo].device_ir for d in deps]),
            tus = depset([imported], transitive = [d[SyclInfo].tus for d in deps]),
            front_ends = depset(transitive = [d[SyclInfo].front_ends for d in deps]),
            shared_libraries = depset(transitive = [d[SyclInfo].shared_libraries for d in deps]),
            exported_symbols = depset(transitive = [d[SyclInfo].exported_symbols for d in deps]),
        ),
        DefaultInfo(files = depset([lib])),
    ]

sycl_import = rule(
    implementation = _sycl_import_impl,
    doc = """A SYCL translation unit whose device front end ran elsewhere.

What `icpx -fsycl -fsycl-device-only -Xclang -fsycl-int-header=H -Xclang
-fsycl-int-footer=F -S -emit-llvm` wrote for the source (its spir64 device IR as text,
the integration header and footer) is imported; the host side is compiled here as for a
DPC++ toolchain (the source with the footer appended, -include of the header, through the
C++ toolchain). A sycl_binary that depends on it runs the rest of the pipeline on the
device IR: link, split, filter, AOT and wrap for its spir64-family targets.""",
    attrs = dict({k: v for k, v in COMPILE_ATTRS.items() if k not in ("host_pch", "_host_pch_flag")}, **dict(FLAG_DEVICE_ATTRS, **{
        "device_ir": attr.label(allow_single_file = [".ll"], mandatory = True, doc = "The TU's spir64 device IR (LLVM IR text) as DPC++'s device front end wrote it."),
        "integration_header": attr.label(allow_single_file = [".h", ".hpp"], mandatory = True, doc = "The integration header of the same device compile (-fsycl-int-header)."),
        "runtime": attr.label(default = Label("@sycl_dpcpp//:runtime"), providers = [SyclRuntimeInfo], doc = "The DPC++ runtime whose headers the host side includes (default: @sycl_dpcpp, Intel's libsycl)."),
        "integration_footer": attr.label(allow_single_file = [".h", ".hpp"], mandatory = True, doc = "The integration footer of the same device compile (-fsycl-int-footer)."),
    })),
    fragments = ["cpp"],
    toolchains = [TOOLCHAIN_TYPE, CPP_TOOLCHAIN],
    provides = [CcInfo, SyclInfo],
)
