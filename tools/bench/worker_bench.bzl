"""device_actions: many small sycl-device actions (propagate, split, filter) for the
worker benchmark (tools/bench/workers.sh), built from the production step functions."""

load("@bazel_skylib//rules:common_settings.bzl", "BuildSettingInfo")
load("//sycl/private:actions/aot.bzl", "aspect_filter")  # buildifier: disable=bzl-visibility
load("//sycl/private:actions/propagate.bzl", "propagate")  # buildifier: disable=bzl-visibility
load("//sycl/private:actions/split.bzl", "split")  # buildifier: disable=bzl-visibility
load("//sycl/private:common.bzl", "TOOL_ATTRS")  # buildifier: disable=bzl-visibility
load("//sycl/private:steps.bzl", "register_steps")  # buildifier: disable=bzl-visibility
load("//sycl/private:toolchain.bzl", "TOOLCHAIN_TYPE", "sycl_device_tool")  # buildifier: disable=bzl-visibility

def _device_actions_impl(ctx):
    salt = ctx.attr._salt[BuildSettingInfo].value
    steps, outs, tool = [], [], sycl_device_tool(ctx)
    for i in range(ctx.attr.chains):
        chain = "%s_%s_%d" % (ctx.label.name, salt, i)
        prop, _, _ = propagate(ctx, steps, tool, ctx.file.ir, chain, False, False)
        shard = split(ctx, steps, tool, prop, chain, "auto", 1)[0]
        outs.append(aspect_filter(ctx, steps, tool, ctx.file.devices, "pocl_cpu", chain, shard, 0, 1))
    register_steps(ctx, steps)
    return [DefaultInfo(files = depset(outs))]

device_actions = rule(
    implementation = _device_actions_impl,
    attrs = dict(TOOL_ATTRS, **{
        "chains": attr.int(default = 67, doc = "propagate -> split -> filter chains (3 actions each)"),
        "devices": attr.label(allow_single_file = [".yaml", ".json"], doc = "The device configuration the filter reads."),
        "ir": attr.label(allow_single_file = [".ll"]),
        "_salt": attr.label(default = Label("//tools/bench:salt")),
    }),
    toolchains = [TOOLCHAIN_TYPE],
)
