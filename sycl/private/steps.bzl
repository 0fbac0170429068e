"""Steps: the actions layer describes each command as a step; a runner registers them.

register_steps is the production runner (one action per step); the benchmark baseline
(//tools/bench:monolithic.bzl) is another (the same steps as one shell action).
"""

load("//sycl/private:toolchain.bzl", "find_sycl_toolchain")
load("//sycl/private:workers.bzl", "worker_requirements")

def step(executable, argv, inputs, outputs, mnemonic, message, sycl_device = False, list_inputs = None, list_inputs_after = 0):
    """One command of the pipeline.

    Args:
      executable: File: the tool.
      argv: list of string or File (Files stand for their paths; directories are not expanded).
      inputs: depset of File the command reads (the executable excluded).
      outputs: list of File it writes.
      mnemonic: the action mnemonic.
      message: the progress message.
      sycl_device: True for sycl-device verbs (params file, worker where allowed).
      list_inputs: a flag format ("--declared-inputs=%s") or None: the command gets,
        first, that flag naming a file of the paths of its inputs, one per line (a
        params file that Bazel writes; the tool checks what it read against it).
      list_inputs_after: how many leading arguments of argv come before that flag (1 for
        a sycl-device verb's name).

    Returns:
      struct: the step.
    """
    return struct(
        executable = executable,
        argv = argv,
        inputs = inputs,
        outputs = outputs,
        mnemonic = mnemonic,
        message = message,
        sycl_device = sycl_device,
        list_inputs = list_inputs,
        list_inputs_after = list_inputs_after,
    )

def argv_strings(argv):
    """The argv of a step as strings (for a runner that writes a script: the benchmark).

    Args:
      argv: list of string or File.

    Returns:
      list of string.
    """
    return [a if type(a) == "string" else a.path for a in argv]

def step_arguments(ctx, s):
    """The Args objects of a step's command line, as register_steps passes them.

    A sycl-device step's arguments go into an @params file; a step with list_inputs gets
    the file of its inputs' paths after its first list_inputs_after arguments.

    Args:
      ctx: the rule context.
      s: the step.

    Returns:
      list of Args.
    """
    args = ctx.actions.args()

    # Files stay Files: Args maps them lazily (and path mapping can rewrite them).
    args.add_all(s.argv[s.list_inputs_after:] if s.list_inputs else s.argv, expand_directories = False)
    if s.sycl_device:
        args.use_param_file("@%s", use_always = True)
        args.set_param_file_format("multiline")
        return [args]
    if not s.list_inputs:
        return [args]
    listed = ctx.actions.args()
    listed.add_all(s.inputs, expand_directories = False)
    listed.use_param_file(s.list_inputs, use_always = True)
    listed.set_param_file_format("multiline")
    head = ctx.actions.args()
    head.add_all(s.argv[:s.list_inputs_after], expand_directories = False)
    return [head, listed, args]

def register_steps(ctx, steps):
    """Registers each step as its own action, with the SYCL toolchain's environment.

    sycl-device steps run as persistent workers where the strategy allows.

    Args:
      ctx: the rule context.
      steps: list of step structs.
    """
    env = find_sycl_toolchain(ctx).env
    for s in steps:
        ctx.actions.run(
            executable = s.executable,
            arguments = step_arguments(ctx, s),
            inputs = s.inputs,
            outputs = s.outputs,
            mnemonic = s.mnemonic,
            progress_message = s.message,
            execution_requirements = worker_requirements(ctx) if s.sycl_device else {},
            env = env,
        )
