"""Persistent-worker execution requirements of the sycl-device actions."""

load("@bazel_skylib//rules:common_settings.bzl", "BuildSettingInfo")

# sycl-device --persistent_worker speaks Bazel's default (protocol-buffer) worker protocol
# and multiplexes: no flag is needed on any Bazel. The worker key holds no per-target
# data: the action's only argument is its @params file, whose lines become the
# WorkRequest's arguments.
_REQUIREMENTS = {
    "supports-multiplex-workers": "1",
    "supports-workers": "1",
}

def worker_requirements(ctx):
    """Returns the execution requirements for a sycl-device action of ctx.

    Args:
      ctx: a rule context with the _workers_flag attribute.

    Returns:
      The worker requirements, or {} with --@rules_sycl//sycl:workers=false.
    """
    flag = getattr(ctx.attr, "_workers_flag", None)
    if flag and flag[BuildSettingInfo].value:
        return dict(_REQUIREMENTS)
    return {}

def run_sycl_device(ctx, executable, args, inputs, outputs, mnemonic, progress_message = None, env = None):
    """Runs sycl-device with args in an @params file, as a worker where allowed.

    Args:
      ctx: the rule context (with the _workers_flag attribute).
      executable: the sycl-device binary.
      args: an Args object; its params file becomes the WorkRequest's arguments.
      inputs: a depset or list of inputs.
      outputs: the outputs.
      mnemonic: the action's mnemonic.
      progress_message: the progress message, if any.
      env: the action's environment (the SYCL toolchain's env, for verbs that run tools).
    """
    args.use_param_file("@%s", use_always = True)
    args.set_param_file_format("multiline")
    ctx.actions.run(
        executable = executable,
        arguments = [args],
        inputs = inputs,
        outputs = outputs,
        mnemonic = mnemonic,
        progress_message = progress_message,
        execution_requirements = worker_requirements(ctx),
        env = env or {},
    )
