"""Analysis tests: device target selection, aliases, user devices, the flag, errors."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")

def _action(env, mnemonic):
    for a in analysistest.target_actions(env):
        if a.mnemonic == mnemonic:
            return a
    asserts.true(env, False, "no %s action" % mnemonic)
    return None

def _targets_arg(env):
    a = _action(env, "SyclTraits")
    for arg in a.argv:
        if arg.startswith("--targets="):
            return arg[len("--targets="):]
    return None

def _config_of(env):
    for a in analysistest.target_actions(env):
        if a.mnemonic == "FileWrite":
            return a.content
    return ""

def _selection_impl(ctx):
    env = analysistest.begin(ctx)
    asserts.equals(env, ctx.attr.want_targets, _targets_arg(env))
    y = _config_of(env)
    for want in ctx.attr.want_config:
        asserts.true(env, want in y, "generated device configuration lacks %r:\n%s" % (want, y))
    return analysistest.end(env)

selection_test = analysistest.make(
    _selection_impl,
    attrs = {
        "want_targets": attr.string(),
        "want_config": attr.string_list(),
    },
)

flag_selection_test = analysistest.make(
    _selection_impl,
    attrs = {
        "want_targets": attr.string(),
        "want_config": attr.string_list(),
    },
    config_settings = {
        str(Label("//sycl:targets")): ["nvidia_gpu_sm_90", "pocl_cpu"],
    },
)

def _yaml_impl(ctx):
    env = analysistest.begin(ctx)
    a = _action(env, "SyclTraits")
    asserts.true(env, "--targets=yaml_gpu" in a.argv, "argv: %s" % a.argv)
    asserts.true(env, [x for x in a.argv if x.endswith("extra_devices.yaml")] != [], "the YAML file is passed: %s" % a.argv)
    return analysistest.end(env)

yaml_config_test = analysistest.make(
    _yaml_impl,
    config_settings = {
        str(Label("//sycl:device_config_file")): str(Label("//sycl/tests/devices:extra_devices.yaml")),
    },
)

def _failure_impl(ctx):
    env = analysistest.begin(ctx)
    for want in ctx.attr.messages:
        asserts.expect_failure(env, want)
    return analysistest.end(env)

# An analysis error whose message holds each of messages.
analysis_failure_test = analysistest.make(_failure_impl, expect_failure = True, attrs = {"messages": attr.string_list()})

# The analysis failure tests: (name, target under test, what its message holds).
_FAILURES = [
    ("unknown_target_fails", ":traits_unknown", ["unknown SYCL target 'no_such_gpu'.", "Register your own targets with sycl_device()"]),
    ("target_typo_names_closest", ":traits_typo", ["unknown SYCL target 'intel_gpu_pcv'. Did you mean intel_gpu_pvc"]),
    ("fpga_is_unsupported", ":traits_fpga", ["target 'spir64_fpga' is not supported: Intel FPGA targets need Intel's FPGA compiler (aoc)"]),
    ("unknown_aspect_fails", ":bad_aspect_config", ["unknown aspect 'fp46' in the aspects of", "Did you mean fp16 or fp64?", "The aspect names: host, cpu, gpu"]),
    ("unknown_aot_tool_fails", ":bad_tool_config", ["AOT tool 'aoc' is not one rules_sycl can run (known: llvm-spirv, ptx, ocloc, opencl-aot, amdgcn"]),
    ("file_option_fails", ":file_option_config", ["AOT option '-output' names a file of ocloc; the aot step sets its inputs and outputs itself"]),
    ("toolless_options_fail", ":toolless_options_config", ["aot_options without an aot_tool: a target without one is JIT SPIR-V and runs no tool"]),
]

def device_analysis_test_suite(name):
    """Declares the analysis tests of this package.

    Args:
      name: the test_suite name.
    """
    selection_test(
        name = "selects_each_target",
        target_under_test = ":traits_pvc_tgl",
        want_targets = "intel_gpu_pvc,intel_gpu_tgllp",
        want_config = ['"intel_gpu_pvc":', '"intel_gpu_tgllp":', '"sub-group-sizes":[16,32]', '"tool":"ocloc"'],
    )
    selection_test(
        name = "resolves_aliases",
        target_under_test = ":traits_alias",
        want_targets = "intel_gpu_pvc",
        want_config = ['"aliases":["intel_gpu_12_60_7"]'],
    )
    selection_test(
        name = "user_registered_device",
        target_under_test = ":traits_user",
        want_targets = "my_gpu",
        want_config = ['"my_gpu":', '"aspects":["gpu","fp16"]', '"sub-group-sizes":[8]'],
    )
    flag_selection_test(
        name = "targets_flag",
        target_under_test = ":traits_from_flag",
        want_targets = "nvidia_gpu_sm_90,pocl_cpu",
        want_config = ['"triple":"nvptx64"', '"pocl_cpu":'],
    )
    yaml_config_test(
        name = "device_config_file_flag",
        target_under_test = ":traits_from_yaml",
    )
    for test, target, messages in _FAILURES:
        analysis_failure_test(name = test, target_under_test = target, messages = messages)
    native.test_suite(
        name = name,
        tests = [
            ":guarded_kernel_test",
            ":selects_each_target",
            ":resolves_aliases",
            ":user_registered_device",
            ":targets_flag",
            ":device_config_file_flag",
        ] + [":" + test for test, _, _ in _FAILURES],
    )
