"""sycl_runtime: the SYCL runtime a program links, chosen per target or by a flag."""

load("@bazel_skylib//lib:paths.bzl", "paths")
load("//sycl/private:providers.bzl", "SyclRuntimeInfo", "SyclToolchainInfo")

def _runfiles_dir(ctx, f):
    """The directory of f relative to the runfiles root.

    Args:
      ctx: the rule context (the main workspace's name).
      f: a File of this or an external repository.

    Returns:
      string.
    """
    short = f.short_path
    if short.startswith("../"):
        return paths.dirname(short[len("../"):])
    return paths.join(ctx.workspace_name, paths.dirname(short))

def _runfiles_path(ctx, f):
    """The path of f relative to the runfiles root."""
    short = f.short_path
    if short.startswith("../"):
        return short[len("../"):]
    return paths.join(ctx.workspace_name, short)

def _sycl_runtime_impl(ctx):
    if ctx.attr.unavailable:
        fail("%s: %s" % (ctx.label, ctx.attr.unavailable))
    if ctx.attr.front_end and ctx.attr.kind != "dpcpp":
        fail("front_end is for Intel's runtime (kind = \"dpcpp\")", attr = "front_end")
    ccs = [d[CcInfo] for d in ctx.attr.deps]
    libs = ctx.files.shared_libraries
    if ctx.files.hdrs or libs:
        root = paths.join(ctx.label.workspace_root, ctx.label.package)
        compilation = cc_common.create_compilation_context(
            headers = depset(ctx.files.hdrs),
            # DPC++'s headers declare SYCL 2020's trait types themselves (from the traits
            # header's __SYCL_ANY_DEVICE_HAS_* macros, as icpx passes them).
            defines = depset(["RULES_SYCL_NO_SYCL_TRAIT_TYPES"] if ctx.attr.kind == "dpcpp" else []),
            system_includes = depset([paths.normalize(paths.join(root, i)) for i in ctx.attr.includes]),
        )
        dirs = {f.dirname: 1 for f in libs}.keys()

        # Linked by name (-l:libsycl.so.9) from the repository's own directory: a copy under
        # _solib_k8 would give the library a $ORIGIN without its neighbours
        # (libur_loader.so.0 and the adapters it loads).
        flags = ["-L" + d for d in dirs] + ["-l:" + f.basename for f in libs] + ["-Wl,-rpath-link," + d for d in dirs]
        linker_input = cc_common.create_linker_input(
            owner = ctx.label,
            user_link_flags = depset(flags),
            additional_inputs = depset(libs + ctx.files.link_inputs),
        )
        ccs.append(CcInfo(
            compilation_context = compilation,
            linking_context = cc_common.create_linking_context(linker_inputs = depset([linker_input])),
        ))
    env, run_env = {}, []
    if ctx.file.opencl_icd:
        f = ctx.file.opencl_icd
        env["OCL_ICD_FILENAMES"] = f.short_path
        run_env.append("--run-env-runfile=OCL_ICD_FILENAMES=" + _runfiles_path(ctx, f))

        # Only this device: the machine's registered ICDs (PoCL, a GPU runtime) stay out.
        env["OCL_ICD_VENDORS"] = "/nonexistent/rules_sycl/no-vendors"
    env.update(ctx.attr.env)
    run_env.extend(["--run-env=%s=%s" % (k, v) for k, v in sorted(env.items()) if k != "OCL_ICD_FILENAMES" or not ctx.file.opencl_icd])
    runfiles = ctx.runfiles(files = libs + ctx.files.link_inputs + ctx.files.data + ctx.files.opencl_icd)
    for d in ctx.attr.deps:
        runfiles = runfiles.merge(d[DefaultInfo].default_runfiles)
    return [
        cc_common.merge_cc_infos(cc_infos = ccs),
        SyclRuntimeInfo(
            kind = ctx.attr.kind,
            image_version = ctx.attr.image_version,
            aspect_numbering = ctx.attr.aspect_numbering,
            library_dirs = sorted({_runfiles_dir(ctx, f): 1 for f in libs}.keys()),
            env = env,
            run_env = run_env,
            description = ctx.attr.description or ctx.attr.kind,
            front_end = ctx.attr.front_end[SyclToolchainInfo] if ctx.attr.front_end else None,
            front_end_unavailable = ctx.attr.front_end_unavailable,
        ),
        DefaultInfo(runfiles = runfiles),
    ]

sycl_runtime = rule(
    implementation = _sycl_runtime_impl,
    doc = """The SYCL runtime a sycl_binary/sycl_test links (its `runtime` attribute or
--@rules_sycl//sycl:runtime): what registers the program's device images
(__sycl_register_lib) and runs its kernels. `@sycl_dpcpp//:runtime` is Intel's libsycl;
`@rules_sycl//runtime:rsycl` the test runtime. Exactly one runtime is linked into a program.""",
    attrs = {
        "kind": attr.string(mandatory = True, values = ["dpcpp", "rsycl"], doc = "dpcpp: Intel's libsycl (host code uses <sycl/sycl.hpp>); rsycl: rules_sycl's test runtime (rsycl/sycl_lite.h)."),
        "image_version": attr.int(default = 2, values = [2, 3], doc = "The device image layout its __sycl_register_lib reads: 2 (DPC++ up to 2025, the test runtime) or 3 (DPC++ 2026, libsycl.so.9)."),
        "aspect_numbering": attr.string(values = ["", "dpcpp2025", "dpcpp2026"], doc = "The runtime's numbering of sycl::aspect, when it is not the built-in one (DPC++ 2026 renumbered them): the images' device requirements are renumbered to it."),
        "deps": attr.label_list(providers = [CcInfo], doc = "cc_library targets of the runtime (headers, libraries)."),
        "hdrs": attr.label_list(allow_files = True, doc = "Headers (with includes: system include directories)."),
        "includes": attr.string_list(doc = "Include directories, relative to the package (searched as system headers)."),
        "shared_libraries": attr.label_list(allow_files = True, doc = "Shared libraries the program links by name (libsycl.so.N); their directories go into its RUNPATH."),
        "data": attr.label_list(allow_files = True, doc = "Files the runtime loads at run time (its own libraries, adapters, the device's runtime): the program's runfiles."),
        "link_inputs": attr.label_list(allow_files = True, doc = "Libraries the shared libraries load by name, which the linker reads to check them (-rpath-link); also in data."),
        "opencl_icd": attr.label(allow_single_file = True, doc = "An OpenCL ICD library the runtime's tests use as their only OpenCL platform (OCL_ICD_FILENAMES)."),
        "env": attr.string_dict(doc = "More environment of the program's tests and runs (a program sets it before main where its environment leaves it unset)."),
        "description": attr.string(doc = "What it is, for messages."),
        "front_end_unavailable": attr.string(doc = "Why this runtime has no front_end (a runtime root without DPC++'s compiler library, or of another version): a SYCL target using it fails at analysis with this message unless a DPC++ toolchain (icpx) is registered."),
        "front_end": attr.label(providers = [SyclToolchainInfo], doc = "A dpcpp-family sycl_toolchain that compiles the device code of programs and libraries using this runtime when no DPC++ toolchain (icpx) is registered: DPC++'s front end from Intel's runtime wheel. kind = \"dpcpp\" only."),
        "unavailable": attr.string(doc = "If set, using this runtime fails at analysis with this message (a runtime repository that found nothing)."),
    },
    provides = [CcInfo, SyclRuntimeInfo],
)
