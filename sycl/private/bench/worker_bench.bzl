"""device_actions: many small sycl-device actions (propagate, split, filter) for the
worker benchmark (tools/bench/workers.sh)."""

load("@bazel_skylib//rules:common_settings.bzl", "BuildSettingInfo")
load("//sycl/private:common.bzl", "TOOL_ATTRS")
load("//sycl/private:workers.bzl", "run_sycl_device")

def _run(ctx, mnemonic, argv, inputs, outputs):
    args = ctx.actions.args()
    args.add_all(argv)
    run_sycl_device(ctx, ctx.executable._sycl_device, args, inputs, outputs, mnemonic)

def _device_actions_impl(ctx):
    salt = ctx.attr._salt[BuildSettingInfo].value
    outs = []
    for i in range(ctx.attr.chains):
        base = "%s_%s/%d" % (ctx.label.name, salt, i)
        prop = ctx.actions.declare_file(base + ".prop.ll")
        _run(ctx, "SyclPropagate", ["propagate", "-o", prop.path, ctx.file.ir.path], [ctx.file.ir], [prop])
        shard = ctx.actions.declare_directory(base + ".shard")
        _run(ctx, "SyclSplit", ["split", "-split=auto", "--shard-dir=" + shard.path, prop.path], [prop], [shard])
        table = ctx.actions.declare_file(base + ".pocl_cpu.table")
        _run(ctx, "SyclFilter", ["aspect-filter", "--dpcpp", "-target=pocl_cpu", "-o", table.path, shard.path + "/files.table"], [shard], [table])
        outs.append(table)
    return [DefaultInfo(files = depset(outs))]

device_actions = rule(
    implementation = _device_actions_impl,
    attrs = dict(TOOL_ATTRS, **{
        "chains": attr.int(default = 67, doc = "propagate -> split -> filter chains (3 actions each)"),
        "ir": attr.label(allow_single_file = [".ll"]),
        "_salt": attr.label(default = Label("//tools/bench:salt")),
    }),
)
