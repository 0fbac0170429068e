"""sycl_monolithic_binary: the baseline of the performance comparison (docs/PERFORMANCE.md).

It builds the same step list as sycl_binary (same tools, same command lines) and runs it
in sequence in ONE action for the whole program, as a single `clang++ -fsycl` call does;
only the link is separate. The production rules know nothing of it.
"""

load("//sycl/private:rules/binary.bzl", "binary_pipeline", "binary_rule", "executable_info", "link_binary")
load("//sycl/private:steps.bzl", "argv_strings")
load("//sycl/private:toolchain.bzl", "find_sycl_toolchain")

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

def _sycl_monolithic_binary_impl(ctx):
    steps = []
    p = binary_pipeline(ctx, steps)
    _one_action(ctx, steps)
    return [executable_info(ctx, *link_binary(ctx, p))]

sycl_monolithic_binary = binary_rule(
    _sycl_monolithic_binary_impl,
    "sycl_binary with the whole device pipeline in one action (a benchmark baseline).",
)
