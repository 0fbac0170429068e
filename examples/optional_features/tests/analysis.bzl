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

def _ptxas_impl(ctx):
    env = analysistest.begin(ctx)
    nvidia, other = 0, 0
    for a in analysistest.target_actions(env):
        if a.mnemonic != "SyclAot":
            continue
        with_ptxas = [x for x in a.argv if x.startswith("--ptxas=")]
        if "-target=nvidia_gpu_sm_90" in a.argv:
            nvidia += 1
            asserts.equals(env, 1, len(with_ptxas), "an NVIDIA SyclAot action without --ptxas: %s" % a.argv)
            asserts.true(env, [f for f in a.inputs.to_list() if f.basename == "ptxas_placeholder.sh"] != [], "ptxas is not an input")
        else:
            other += 1
            asserts.equals(env, [], with_ptxas, "--ptxas on a non-NVIDIA target: %s" % a.argv)
    asserts.true(env, nvidia > 0 and other > 0, "SyclAot actions: %d NVIDIA, %d other" % (nvidia, other))
    return analysistest.end(env)

# With ptxas in the toolchain, every NVIDIA AOT action also assembles a cubin.
ptxas_aot_test = analysistest.make(
    _ptxas_impl,
    config_settings = {str(Label("//sycl/tests:with_placeholder_ptxas")): True},
)
