"""A real device compile + SPIR-V lowering through the resolved SYCL toolchain."""

load("//sycl/private:toolchain.bzl", "TOOLCHAIN_TYPE", "find_sycl_toolchain")

def _spirv_smoke_image_impl(ctx):
    tc = find_sycl_toolchain(ctx)
    src = ctx.file.src
    bc = ctx.actions.declare_file(ctx.label.name + ".bc")
    spv = ctx.actions.declare_file(ctx.label.name + ".spv")
    ctx.actions.run(
        executable = tc.clang,
        arguments = ["-fsycl", "-fsycl-device-only", "-c", "-emit-llvm", src.path, "-o", bc.path],
        inputs = depset([src], transitive = [tc.compile_files]),
        outputs = [bc],
        mnemonic = "SyclDeviceCompile",
        progress_message = "Compiling SYCL device code %s" % src.short_path,
    )
    ctx.actions.run(
        executable = tc.llc,
        arguments = ["-mtriple=spirv64-unknown-unknown", "-filetype=obj", bc.path, "-o", spv.path],
        inputs = depset([bc], transitive = [tc.tool_files]),
        outputs = [spv],
        mnemonic = "SyclAot",
        progress_message = "Lowering %s to SPIR-V" % bc.short_path,
    )
    return [DefaultInfo(files = depset([spv]), runfiles = ctx.runfiles(files = [spv]))]

spirv_smoke_image = rule(
    implementation = _spirv_smoke_image_impl,
    attrs = {"src": attr.label(allow_single_file = [".cpp"], mandatory = True)},
    toolchains = [TOOLCHAIN_TYPE],
)
