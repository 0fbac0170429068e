"""Analysis test: a target whose AOT tool the toolchain lacks fails, naming the tool."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")

def _missing_ocloc_impl(ctx):
    env = analysistest.begin(ctx)
    asserts.expect_failure(env, "target intel_gpu_tgllp needs ocloc")
    return analysistest.end(env)

missing_ocloc_test = analysistest.make(
    _missing_ocloc_impl,
    expect_failure = True,
    config_settings = {str(Label("//sycl/tests:without_ocloc")): True},
)

def _actions_impl(ctx):
    env = analysistest.begin(ctx)
    counts = {}
    for a in analysistest.target_actions(env):
        counts[a.mnemonic] = counts.get(a.mnemonic, 0) + 1
    for mnemonic, want in ctx.attr.want.items():
        asserts.equals(env, int(want), counts.get(mnemonic, 0), "number of %s actions" % mnemonic)
    return analysistest.end(env)

# Action counts: one filter and one AOT action per shard and target.
action_count_test = analysistest.make(_actions_impl, attrs = {"want": attr.string_dict()})
