"""The baselines of the whole-build comparison (docs/PERFORMANCE.md).

Both build the same step list as sycl_binary (same tools, same command lines):

- sycl_monolithic_binary runs it in sequence in ONE action for the whole program, as a
  single `clang++ -fsycl` call does; only the link is separate.
- sycl_cmake_like_binary builds as CMake + Ninja with `icpx -fsycl` does: one compile
  action per translation unit (its device compile; the host compile is the C++
  toolchain's, as for sycl_binary), then ONE link action that runs the device link,
  propagate, split, filter, AOT and wrap steps, each wave of independent steps in
  parallel on every core (`-fsycl-max-parallel-link-jobs=N` with N = cores).

The production rules know nothing of them.
"""

load("//sycl/private:rules/binary.bzl", "binary_pipeline", "binary_rule", "executable_info", "link_binary")  # buildifier: disable=bzl-visibility
load("//sycl/private:steps.bzl", "argv_strings", "register_steps")  # buildifier: disable=bzl-visibility
load("//sycl/private:toolchain.bzl", "find_sycl_toolchain")  # buildifier: disable=bzl-visibility

def _quote(s):
    return "'" + s.replace("'", "'\\''") + "'"

def _one_action(ctx, steps):
    """Registers one shell action that runs every step in order."""
    produced = {}
    outputs = []
    for s in steps:
        for o in s.outputs:
            produced[o.path] = True
            outputs.append(o)
    inputs = {}
    for s in steps:
        for f in [s.executable] + s.inputs.to_list():
            if f.path not in produced:
                inputs[f.path] = f
    cmds = [" ".join([_quote(a) for a in argv_strings([s.executable] + s.argv)]) for s in steps]
    ctx.actions.run_shell(
        command = "\n".join(["set -e"] + cmds),
        inputs = inputs.values(),
        outputs = outputs,
        mnemonic = "SyclMonolithic",
        env = find_sycl_toolchain(ctx).env,
        progress_message = "Running the whole SYCL pipeline of %s in one action (%d steps)" % (ctx.label, len(cmds)),
    )

# Steps a CMake-like build runs per translation unit, before its link step.
_COMPILE_MNEMONICS = ["SyclTraits", "SyclDeviceCompile", "SyclHostCompile"]

def _waves(steps):
    """Groups steps into waves of independent steps.

    A step's wave is one more than the latest wave of the steps whose outputs it reads
    (steps are in dependency order).
    """
    wave_of_output = {}
    waves = []
    for s in steps:
        w = 0
        for f in s.inputs.to_list():
            if f.path in wave_of_output:
                w = max(w, wave_of_output[f.path] + 1)
        for o in s.outputs:
            wave_of_output[o.path] = w
        if w == len(waves):
            waves.append([])
        waves[w].append(s)
    return waves

def _parallel_link_action(ctx, steps):
    """Registers one shell action that runs the link-time steps wave by wave.

    Each wave's steps run in parallel on $(nproc) cores; any failure fails the action.
    """
    produced = {}
    outputs = []
    for s in steps:
        for o in s.outputs:
            produced[o.path] = True
            outputs.append(o)
    inputs = {}
    for s in steps:
        for f in [s.executable] + s.inputs.to_list():
            if f.path not in produced:
                inputs[f.path] = f
    lines = [
        "set -u",
        "jobs=$(nproc)",
        "failed=$(mktemp)",
        "trap 'rm -f \"$failed\"' EXIT",
    ]
    waves = _waves(steps)
    for wave in waves:
        for s in wave:
            cmd = " ".join([_quote(a) for a in argv_strings([s.executable] + s.argv)])
            lines.append("{ %s; } || echo %s >>\"$failed\" &" % (cmd, _quote(s.mnemonic)))
            lines.append("while [ \"$(jobs -rp | wc -l)\" -ge \"$jobs\" ]; do wait -n || true; done")
        lines.append("wait")
        lines.append("if [ -s \"$failed\" ]; then echo \"failed: $(tr '\\n' ' ' <\"$failed\")\" >&2; exit 1; fi")
    ctx.actions.run_shell(
        command = "\n".join(lines),
        inputs = inputs.values(),
        outputs = outputs,
        mnemonic = "SyclCMakeLikeLink",
        env = find_sycl_toolchain(ctx).env,
        progress_message = "Linking the SYCL program %s in one action (%d steps in %d parallel waves)" % (ctx.label, len(steps), len(waves)),
    )

def _sycl_cmake_like_binary_impl(ctx):
    steps = []
    p = binary_pipeline(ctx, steps)
    register_steps(ctx, [s for s in steps if s.mnemonic in _COMPILE_MNEMONICS])
    _parallel_link_action(ctx, [s for s in steps if s.mnemonic not in _COMPILE_MNEMONICS])
    return [executable_info(ctx, *link_binary(ctx, p))]

sycl_cmake_like_binary = binary_rule(
    _sycl_cmake_like_binary_impl,
    "sycl_binary built as CMake + Ninja with icpx -fsycl builds: per-TU compiles, one parallel link step (a benchmark baseline).",
)

def _sycl_monolithic_binary_impl(ctx):
    steps = []
    p = binary_pipeline(ctx, steps)
    _one_action(ctx, steps)
    return [executable_info(ctx, *link_binary(ctx, p))]

sycl_monolithic_binary = binary_rule(
    _sycl_monolithic_binary_impl,
    "sycl_binary with the whole device pipeline in one action (a benchmark baseline).",
)
