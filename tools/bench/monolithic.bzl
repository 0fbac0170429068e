"""The baselines of the whole-build comparison (docs/PERFORMANCE.md).

Both build the same step list as sycl_binary (same tools, same command lines):

- sycl_monolithic_binary runs it in sequence in ONE action for the whole program, as a
  single `clang++ -fsycl` call does; only the link is separate.
- sycl_cmake_like_binary builds as CMake + Ninja with `icpx -fsycl` does: one compile
  action per translation unit (its device compiles, then, with DPC++'s front end, its
  host compile; the clang family's host compile is the C++ toolchain's, as for
  sycl_binary), then ONE link action that runs the device link, propagate, split,
  filter, AOT and wrap steps, each wave of independent steps in parallel on every core
  (`-fsycl-max-parallel-link-jobs=N` with N = cores). With rdc off, that link action
  runs every TU's device pipeline, as DPC++'s driver does with `-fno-sycl-rdc`.

The production rules know nothing of them.
"""

load("//sycl/private:rules/binary.bzl", "binary_pipeline", "binary_rule", "executable_info", "link_binary")  # buildifier: disable=bzl-visibility
load("//sycl/private:steps.bzl", "argv_strings", "register_steps")  # buildifier: disable=bzl-visibility
load("//sycl/private:toolchain.bzl", "find_sycl_toolchain")  # buildifier: disable=bzl-visibility

def _quote(s):
    return "'" + s.replace("'", "'\\''") + "'"

def _one_action(ctx, steps, mnemonic = "SyclMonolithic", message = None, stamp = None):
    """Registers one shell action that runs every step in order.

    With stamp (a File), the action also writes the time it ran into stamp.
    """
    produced = {}
    outputs = [stamp] if stamp else []
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
    if stamp:
        cmds.append("date +%%s.%%N >%s" % _quote(stamp.path))
    ctx.actions.run_shell(
        command = "\n".join(["set -e"] + cmds),
        inputs = inputs.values(),
        outputs = outputs,
        mnemonic = mnemonic,
        env = find_sycl_toolchain(ctx).env,
        progress_message = message or "Running the whole SYCL pipeline of %s in one action (%d steps)" % (ctx.label, len(cmds)),
    )

_SOURCE_EXTENSIONS = ["c", "cc", "cpp", "cxx", "c++", "C"]

def _compile_actions(ctx, steps):
    """Registers one action per translation unit for its compile steps, as `icpx -fsycl -c`.

    Each TU's device compiles (one per device-IR key) and its host compile run in order in
    one action; a step that reads no source of the target (the program's traits) is an
    action of its own.

    Ninja decides by timestamps: a compile that ran gives its objects a new time, and the
    link runs again even where the objects' bytes did not change (a header edit that
    changes no code). Each compile action therefore also writes the time it ran (a stamp
    file), which the link action reads.

    Returns:
      list of File: the stamps.
    """
    srcs = {f.path: True for f in ctx.files.srcs}
    by_tu = {}
    order = []
    for s in steps:
        tu = None
        for f in s.inputs.to_list():
            if f.path in srcs and f.extension in _SOURCE_EXTENSIONS:
                tu = f
                break
        if tu == None:
            register_steps(ctx, [s])
            continue
        if tu.path not in by_tu:
            by_tu[tu.path] = []
            order.append(tu)
        by_tu[tu.path].append(s)
    stamps = []
    for i, tu in enumerate(order):
        stamp = ctx.actions.declare_file("_cmake_like/%s/tu%d.stamp" % (ctx.label.name, i))
        stamps.append(stamp)
        _one_action(ctx, by_tu[tu.path], "SyclCMakeLikeCompile", "Compiling %s as icpx -fsycl -c (%d steps)" % (tu.short_path, len(by_tu[tu.path])), stamp)
    return stamps

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

def _parallel_link_action(ctx, steps, stamps):
    """Registers one shell action that runs the link-time steps wave by wave.

    Each wave's steps run in parallel on $(nproc) cores; any failure fails the action. It
    reads stamps (see _compile_actions) as well.
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
        inputs = list(inputs.values()) + stamps,
        outputs = outputs,
        mnemonic = "SyclCMakeLikeLink",
        env = find_sycl_toolchain(ctx).env,
        progress_message = "Linking the SYCL program %s in one action (%d steps in %d parallel waves)" % (ctx.label, len(steps), len(waves)),
    )

def _sycl_cmake_like_binary_impl(ctx):
    steps = []
    p = binary_pipeline(ctx, steps)
    stamps = _compile_actions(ctx, [s for s in steps if s.mnemonic in _COMPILE_MNEMONICS])
    _parallel_link_action(ctx, [s for s in steps if s.mnemonic not in _COMPILE_MNEMONICS], stamps)
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
