"""sycl_shared_library: a shared library that carries and registers its own device images."""

load("//sycl/private:common.bzl", "CPP_TOOLCHAIN", "program_runtime")
load("//sycl/private:providers.bzl", "SyclInfo")
load("//sycl/private:rules/binary.bzl", "BINARY_ATTRS", "link_binary", "run_pipeline")
load("//sycl/private:toolchain.bzl", "TOOLCHAIN_TYPE")

def _is_shared(dep):
    """Whether dep is a sycl_shared_library."""
    return SyclInfo in dep and dep.label in dep[SyclInfo].shared_libraries.to_list()

def _sycl_shared_library_impl(ctx):
    p, groups = run_pipeline(ctx, shared_library = True)
    lib, shared = link_binary(ctx, p, output_type = "dynamic_library")
    so = lib.dynamic_library

    # Dependents compile against the headers of the library and of its deps, and link the
    # shared library instead of the deps' objects and device code, which it holds. The
    # runtime's libraries come with it.
    own = CcInfo(
        compilation_context = cc_common.create_compilation_context(
            headers = depset(p.hdrs),
            defines = depset(ctx.attr.defines),
            includes = depset(p.own_includes),
        ),
        linking_context = cc_common.create_linking_context(
            linker_inputs = depset([cc_common.create_linker_input(owner = ctx.label, libraries = depset([lib]))]),
        ),
    )

    # Of the deps, dependents link the shared libraries (this one needs them) and compile
    # against every dep's headers.
    headers = [CcInfo(compilation_context = d[CcInfo].compilation_context) for d in ctx.attr.deps if CcInfo in d and not _is_shared(d)]
    shared_deps = [d[CcInfo] for d in ctx.attr.deps if _is_shared(d)]
    runtime = program_runtime(ctx)
    cc = cc_common.merge_cc_infos(direct_cc_infos = [own], cc_infos = headers + shared_deps + [runtime[CcInfo]])
    runfiles = ctx.runfiles(files = [so] + shared + ctx.files.data)
    for t in ctx.attr.data + ctx.attr.deps + [runtime]:
        runfiles = runfiles.merge(t[DefaultInfo].default_runfiles)

    # No device code for dependents to link (the library holds it): the label, for
    # programs that call its SYCL_EXTERNAL functions (their images import them), and the
    # front ends, which a program may not mix.
    deps = [d[SyclInfo] for d in ctx.attr.deps if SyclInfo in d]
    sycl = SyclInfo(
        device_ir = depset(),
        tus = depset(),
        front_ends = depset(
            [struct(label = str(ctx.label), front_end = p.front_end)],
            transitive = [d.front_ends for d in deps],
        ),
        shared_libraries = depset([ctx.label], transitive = [d.shared_libraries for d in deps]),
        exported_symbols = depset(p.exported_symbols, transitive = [d.exported_symbols for d in deps]),
    )
    return [
        cc,
        sycl,
        DefaultInfo(files = depset([so]), runfiles = runfiles),
        groups,
    ]

sycl_shared_library = rule(
    implementation = _sycl_shared_library_impl,
    doc = """A shared library (lib<name>.so) of SYCL sources and their deps, with its own device images.

The device pipeline runs as for sycl_binary (targets, split, AOT); the images are wrapped
into the library, which registers them with the runtime when it is loaded, as a shared
library built by DPC++'s driver does. Programs and libraries that list it in deps compile
against its headers (and its deps') and link the library: its deps' objects and device
code are not linked into them again. Their kernels may call its SYCL_EXTERNAL functions:
its images export them and theirs import them (DPC++'s device image dependencies, which
the runtime links when it builds the program).""",
    attrs = BINARY_ATTRS,
    fragments = ["cpp"],
    toolchains = [TOOLCHAIN_TYPE, CPP_TOOLCHAIN],
    provides = [CcInfo, SyclInfo],
)
