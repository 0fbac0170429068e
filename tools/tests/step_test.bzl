"""sycl_step_test: a test of what one pipeline step of a SYCL program printed and returned.

Steps are data (sycl/private/steps.bzl): this rule builds a program's step list as
sycl_binary does and registers every step as sycl_binary would, but the steps of one
mnemonic run through tools/tests/capture_step.sh, which records their output and exit
status instead of failing the build. The test then checks them: a step that must fail
(a device_has error, ocloc refusing an image, host_pch's check) is a Bazel test, not a
script that runs Bazel and greps its output. Only the captured steps and what they need
are built; the program is not linked.
"""

load("//sycl/private:common.bzl", "CPP_TOOLCHAIN")  # buildifier: disable=bzl-visibility
load("//sycl/private:rules/binary.bzl", "BINARY_ATTRS", "binary_pipeline")  # buildifier: disable=bzl-visibility
load("//sycl/private:steps.bzl", "register_steps", "step_arguments")  # buildifier: disable=bzl-visibility
load("//sycl/private:toolchain.bzl", "TOOLCHAIN_TYPE", "find_sycl_toolchain")  # buildifier: disable=bzl-visibility

def _quote(s):
    return "'" + s.replace("'", "'\\''") + "'"

def _capture(ctx, s, index, env):
    """Registers step s through capture_step.sh: (status File, log File)."""
    status = ctx.actions.declare_file("%s.step%d.status" % (ctx.label.name, index))
    log = ctx.actions.declare_file("%s.step%d.log" % (ctx.label.name, index))
    head = ctx.actions.args()
    head.add_all([status, log])
    for o in s.outputs:
        head.add(("--dir=" if o.is_directory else "--file=") + o.path)
    head.add("--")
    head.add(s.executable)
    ctx.actions.run(
        executable = ctx.executable._capture,
        arguments = [head] + step_arguments(ctx, s),
        inputs = depset([s.executable], transitive = [s.inputs]),
        outputs = [status, log] + s.outputs,
        mnemonic = s.mnemonic + "Captured",
        progress_message = s.message + " (captured for %s)" % ctx.label,
        env = env,
    )
    return status, log

_CHECK = """#!/bin/bash
# {label}: the {mnemonic} steps must {want}, and what they printed must match.
set -u
fail=0
statuses=({statuses})
logs=({logs})
failed=0
for s in "${{statuses[@]}}"; do [ "$(cat "$s")" = 0 ] || failed=1; done
cat "${{logs[@]}}" >"$TEST_TMPDIR/all.log"
if [ {want_failure} = 1 ] && [ "$failed" = 0 ]; then echo "FAIL: every {mnemonic} step succeeded; one must fail"; fail=1; fi
if [ {want_failure} = 0 ] && [ "$failed" = 1 ]; then echo "FAIL: a {mnemonic} step failed"; fail=1; fi
for p in {messages}; do
  grep -qE -- "$p" "$TEST_TMPDIR/all.log" || {{ echo "FAIL: no line matches: $p"; fail=1; }}
done
for p in {once}; do
  n=$(grep -cE -- "$p" "$TEST_TMPDIR/all.log")
  [ "$n" = 1 ] || {{ echo "FAIL: $n lines match (want 1): $p"; fail=1; }}
done
if [ "$fail" != 0 ]; then echo "--- what the {mnemonic} steps printed:"; cat "$TEST_TMPDIR/all.log"; exit 1; fi
echo "ok: {count} {mnemonic} step(s) of {label}"
"""

def _sycl_step_test_impl(ctx):
    steps = []
    binary_pipeline(ctx, steps)
    chosen = [s for s in steps if s.mnemonic == ctx.attr.mnemonic]
    if not chosen:
        fail("the program has no %s step (its steps: %s)" % (ctx.attr.mnemonic, ", ".join(sorted({s.mnemonic: 1 for s in steps}.keys()))), attr = "mnemonic")
    register_steps(ctx, [s for s in steps if s.mnemonic != ctx.attr.mnemonic])
    env = find_sycl_toolchain(ctx).env
    captured = [_capture(ctx, s, i, env) for i, s in enumerate(chosen)]
    script = ctx.actions.declare_file(ctx.label.name + ".sh")
    ctx.actions.write(script, _CHECK.format(
        label = str(ctx.label),
        mnemonic = ctx.attr.mnemonic,
        want = "fail" if ctx.attr.fails else "succeed",
        want_failure = 1 if ctx.attr.fails else 0,
        statuses = " ".join([_quote(st.short_path) for st, _ in captured]),
        logs = " ".join([_quote(lg.short_path) for _, lg in captured]),
        messages = " ".join([_quote(m) for m in ctx.attr.messages]),
        once = " ".join([_quote(m) for m in ctx.attr.once]),
        count = len(chosen),
    ), is_executable = True)
    files = [f for pair in captured for f in pair]
    return [DefaultInfo(executable = script, files = depset([script]), runfiles = ctx.runfiles(files = files))]

sycl_step_test = rule(
    implementation = _sycl_step_test_impl,
    doc = "A test of what the steps of one mnemonic of a SYCL program printed and returned.",
    attrs = dict(BINARY_ATTRS, **{
        "mnemonic": attr.string(mandatory = True, doc = "The steps to check: SyclPropagate, SyclAot, SyclCoverage, SyclPchCheck, ..."),
        "fails": attr.bool(doc = "One of the steps must fail (else every one must succeed)."),
        "messages": attr.string_list(doc = "Extended regular expressions, each matching a line of what the steps printed."),
        "once": attr.string_list(doc = "Extended regular expressions, each matching exactly one line."),
        "_capture": attr.label(default = Label("//tools/tests:capture_step.sh"), executable = True, cfg = "exec", allow_single_file = True),
    }),
    fragments = ["cpp"],
    toolchains = [TOOLCHAIN_TYPE, CPP_TOOLCHAIN],
    test = True,
)
