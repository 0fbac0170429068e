"""A real device pipeline through the resolved SYCL toolchain: compile, propagate, lower."""

load("//sycl/private:common.bzl", "TOOL_ATTRS")
load("//sycl/private:toolchain.bzl", "TOOLCHAIN_TYPE", "find_sycl_toolchain")
load("//sycl/private:workers.bzl", "run_sycl_device")

def _spirv_smoke_image_impl(ctx):
    tc = find_sycl_toolchain(ctx)
    src = ctx.file.src
    ll = ctx.actions.declare_file(ctx.label.name + ".ll")
    prop = ctx.actions.declare_file(ctx.label.name + ".prop.ll")
    spv = ctx.actions.declare_file(ctx.label.name + ".spv")
    ctx.actions.run(
        executable = tc.clang,
        arguments = ["-fsycl", "-fsycl-device-only", "-S", "-emit-llvm", src.path, "-o", ll.path],
        inputs = depset([src], transitive = [tc.compile_files]),
        outputs = [ll],
        mnemonic = "SyclDeviceCompile",
        progress_message = "Compiling SYCL device code %s" % src.short_path,
    )
    args = ctx.actions.args()
    args.add("propagate")
    args.add("--validate")
    args.add("-o", prop)
    args.add(ll)
    run_sycl_device(ctx, ctx.executable._sycl_device, args, [ll], [prop], "SyclPropagate", "Propagating aspect usage of %s" % src.short_path)
    ctx.actions.run(
        executable = tc.llc,
        arguments = ["-mtriple=spirv64-unknown-unknown", "-filetype=obj", prop.path, "-o", spv.path],
        inputs = depset([prop], transitive = [tc.tool_files]),
        outputs = [spv],
        mnemonic = "SyclAot",
        progress_message = "Lowering %s to SPIR-V" % prop.short_path,
    )
    files = [prop, spv]
    return [DefaultInfo(files = depset(files), runfiles = ctx.runfiles(files = files))]

spirv_smoke_image = rule(
    implementation = _spirv_smoke_image_impl,
    attrs = dict(TOOL_ATTRS, **{
        "src": attr.label(allow_single_file = [".cpp"], mandatory = True),
    }),
    toolchains = [TOOLCHAIN_TYPE],
)
