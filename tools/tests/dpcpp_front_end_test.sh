#!/usr/bin/env bash
# The SyclDeviceCompile action of DPC++'s front end from Intel's runtime wheel
# (toolchain/dpcpp_jit/sycl-jit-fe over @sycl_dpcpp's libsycl-jit): a syntax error and a
# missing header reported at their source lines with nothing written; the same bytes from
# two output roots and source directories; a library that is not DPC++'s refused in one
# line; a crash inside the library (a stack overflow too) reported with the TU's name and
# nothing left behind, in TMPDIR neither; one re-exec at most; every file the compile
# read checked against the declared inputs (an absolute include, an undeclared header,
# /dev/stdin named); an include of a FIFO refused; a SIGTERM leaving nothing behind; a header of a library rules_sycl does not provide noted as such; a
# TU over 64 MiB refused; output paths with odd characters;
# [SYCL/kernel param opt] in the images of a kernel whose unused capture DPC++
# eliminated (the program then runs only if libsycl skips it); in real builds,
# undeclared device-only includes named (sycl-jit-fe, and upstream clang's device
# compiles through sycl-device checked-compile) and a source name the integration header
# cannot hold refused at analysis.
# Why a script, not a Bazel test: it runs sycl-jit-fe by hand on files it makes (a FIFO,
# absolute paths of its own, a 65 MiB TU, a foreign library), stops it with signals, and
# builds with --spawn_strategy=local; the errors a Bazel test can hold are
# //sycl/tests/front_end_errors.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

tools/bazel build //toolchain/dpcpp_jit:sycl-jit-fe //examples/sycl2020:vector_add_test >"$tmp/build.log" 2>&1 || { tail -30 "$tmp/build.log"; fail "build"; }
FE="$ROOT/bazel-bin/toolchain/dpcpp_jit/sycl-jit-fe"
LIB="$(tools/bazel info output_base 2>/dev/null)/external/sycl_dpcpp/lib/libsycl-jit.so.22.1"
[ -f "$LIB" ] || fail "no $LIB"

mkdir -p "$tmp/a/src" "$tmp/b/src" "$tmp/a/out" "$tmp/b/elsewhere/out"
cat >"$tmp/a/src/ok.cpp" <<'CPP'
#include <sycl/sycl.hpp>
int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(4, q);
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { p[i] = int(i[0]); }).wait();
}
CPP
cp "$tmp/a/src/ok.cpp" "$tmp/b/src/ok.cpp"
printf '#include <sycl/sycl.hpp>\n\nint main() {\n  sycl::queue q\n  return 0;\n}\n' >"$tmp/a/src/syntax.cpp"
printf '#include <sycl/sycl.hpp>\n\n#include "nope.h"\n' >"$tmp/a/src/missing.cpp"
printf '#include <sycl/sycl.hpp>\n#include <oneapi/dpl/algorithm>\n' >"$tmp/a/src/onedpl.cpp"

fe() { "$FE" --library="$LIB" "$@" </dev/null; }

# A syntax error: DPC++'s message at the line, exit 1, no output files.
(cd "$tmp/a" && fe --source=src/syntax.cpp --output=out/s.bc --int-header=out/s.h --int-footer=out/s.f -- -O2) >"$tmp/err" 2>&1 && fail "a syntax error compiled"
grep -q "src/syntax.cpp:4:[0-9]*: error: expected ';'" "$tmp/err" || { cat "$tmp/err"; fail "the syntax error is not reported at src/syntax.cpp:4"; }
[ -z "$(ls "$tmp/a/out")" ] || fail "a failed compile left files: $(ls "$tmp/a/out")"

# A missing header: at the #include's line.
(cd "$tmp/a" && fe --source=src/missing.cpp --output=out/m.bc --int-header=out/m.h --int-footer=out/m.f) >"$tmp/err" 2>&1 && fail "a missing header compiled"
grep -q "src/missing.cpp:3:[0-9]*: .*'nope.h' file not found" "$tmp/err" || { cat "$tmp/err"; fail "the missing header is not reported at src/missing.cpp:3"; }
grep -q "note:" "$tmp/err" && { cat "$tmp/err"; fail "a header of no known library got a note"; }

# A header of a library rules_sycl does not provide (internal/extlibs): the compiler's
# message, then a note at the same place that names the library and what to do.
(cd "$tmp/a" && fe --source=src/onedpl.cpp --output=out/d.bc --int-header=out/d.h --int-footer=out/d.f) >"$tmp/err" 2>&1 && fail "a missing oneDPL header compiled"
grep -q "src/onedpl.cpp:2:[0-9]*: note: oneapi/dpl/algorithm is oneDPL .*deps" "$tmp/err" || { cat "$tmp/err"; fail "no note names oneDPL at src/onedpl.cpp:2"; }

# The same TU (the same execution-root-relative path, as Bazel gives it) from two roots,
# written to different output paths: the same bytes.
(cd "$tmp/a" && fe --source=src/ok.cpp --output=out/ok.bc --int-header=out/ok.h --int-footer=out/ok.f -- -O2) || fail "ok.cpp in a/"
(cd "$tmp/b" && fe --source=src/ok.cpp --output=elsewhere/out/x.bc --int-header=elsewhere/out/x.h --int-footer=elsewhere/out/x.f -- -O2) || fail "ok.cpp in b/"
cmp "$tmp/a/out/ok.bc" "$tmp/b/elsewhere/out/x.bc" || fail "the device IR differs between two roots"
cmp "$tmp/a/out/ok.h" "$tmp/b/elsewhere/out/x.h" || fail "the integration header differs between two roots"
cmp "$tmp/a/out/ok.f" "$tmp/b/elsewhere/out/x.f" || fail "the integration footer differs between two roots"
grep -q "$tmp" "$tmp/a/out/ok.bc" "$tmp/a/out/ok.h" && fail "an output holds the build's directory"

# The library's own unused steps (device-library link, post-link) print nothing: not for
# a SYCL_EXTERNAL function another TU defines, nor for an AOT triple's compile.
cat >"$tmp/a/src/ext.cpp" <<'CPP'
#include <sycl/sycl.hpp>
SYCL_EXTERNAL int elsewhere(int);
int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(4, q);
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { p[i] = elsewhere(int(i[0])); }).wait();
}
CPP
(cd "$tmp/a" && fe --source=src/ext.cpp --output=out/ext.bc -- -O2) >"$tmp/err" 2>&1 || { cat "$tmp/err"; fail "ext.cpp"; }
(cd "$tmp/a" && fe --source=src/ok.cpp --output=out/gen.bc -- -O2 -Xclang -triple -Xclang spir64_gen-unknown-unknown) >>"$tmp/err" 2>&1 || { cat "$tmp/err"; fail "ok.cpp for spir64_gen"; }
[ ! -s "$tmp/err" ] || { cat "$tmp/err"; fail "the front end printed messages of the library's unused steps"; }

# Not DPC++'s compiler library: one line, exit 1.
# Captured before it is searched: awk's early exit would SIGPIPE ldconfig under pipefail.
libs="$(ldconfig -p)"
zlib="$(awk '/libz\.so\.1 / {print $NF; exit}' <<<"$libs")"
set +e
"$FE" --library="$zlib" --source="$tmp/a/src/ok.cpp" --output="$tmp/z.bc" </dev/null 2>"$tmp/err"
code=$?
set -e
[ "$code" = 1 ] && grep -q "does not export compileSYCL" "$tmp/err" || { cat "$tmp/err"; fail "a library without compileSYCL: exit $code"; }

# A library that is not there: one line, exit 1, nothing written.
set +e
"$FE" --library="$tmp/no/libsycl-jit.so.22.1" --source="$tmp/a/src/ok.cpp" --output="$tmp/n.bc" </dev/null 2>"$tmp/err"
code=$?
set -e
[ "$code" = 1 ] && grep -q "cannot load DPC++'s compiler library" "$tmp/err" && [ ! -e "$tmp/n.bc" ] || { cat "$tmp/err"; fail "a missing library: exit $code"; }

# A crash inside the compiler library: the TU named after what the library printed, no
# output (not even the temporary header and footer), no temporary directory left, and the
# crash's signal as the action's end (stand-in libraries that print and then write
# through null, or overflow the stack).
printf '#include <stdio.h>\nvoid compileSYCL(void) { fprintf(stderr, "inside the library\\n"); *(volatile int *)0 = 1; }\n' >"$tmp/crash.c"
printf 'int deeper(volatile int *p) { volatile int a[64]; a[0] = *p; return deeper(a) + a[1]; }\nvoid compileSYCL(void) { int x = 1; deeper(&x); }\n' >"$tmp/overflow.c"
clang-22 -shared -fPIC "$tmp/crash.c" -o "$tmp/libcrash.so" || fail "building the crashing stand-in library"
clang-22 -shared -fPIC -O0 "$tmp/overflow.c" -o "$tmp/liboverflow.so" || fail "building the stack-overflowing stand-in library"
mkdir -p "$tmp/c/out dir" "$tmp/tmpdir"
for lib in crash overflow; do
  set +e
  (cd "$tmp/c" && TMPDIR="$tmp/tmpdir" "$FE" --library="$tmp/lib$lib.so" --source="$tmp/a/src/ok.cpp" --output="out dir/c.bc" \
    --int-header="out dir/c.h" --int-footer="out dir/c.f" </dev/null 2>"$tmp/err")
  code=$?
  set -e
  [ "$code" -gt 128 ] && grep -q "sycl-jit-fe: $tmp/a/src/ok.cpp: DPC++'s compiler library crashed (Segmentation fault); no output was written" "$tmp/err" \
    || { cat "$tmp/err"; fail "a crash ($lib) in the library: exit $code"; }
  [ "$lib" = overflow ] || grep -q "inside the library" "$tmp/err" || { cat "$tmp/err"; fail "what the crashing library printed is lost"; }
  [ -z "$(ls -A "$tmp/c/out dir")" ] || fail "a crash ($lib) left files: $(ls -A "$tmp/c/out dir")"
  [ -z "$(ls -A "$tmp/tmpdir")" ] || fail "a crash ($lib) left temporary files: $(ls -A "$tmp/tmpdir")"
done

# The real library leaves nothing in TMPDIR either, and re-executes itself (without
# address randomisation) once at most: a set-id copy, whose personality the kernel
# resets at exec, must not loop.
(cd "$tmp/a" && TMPDIR="$tmp/tmpdir" fe --source=src/ok.cpp --output=out/t.bc -- -O2) || fail "ok.cpp with its own TMPDIR"
[ -z "$(ls -A "$tmp/tmpdir")" ] || fail "a compile left temporary files: $(ls -A "$tmp/tmpdir")"
if command -v strace >/dev/null; then
  (cd "$tmp/a" && strace -f -qq -e trace=execve -o "$tmp/strace" "$FE" --library="$LIB" --source=src/ok.cpp --output=out/t.bc -- -O2 </dev/null) || fail "ok.cpp under strace"
  execs=$(grep -c 'execve(' "$tmp/strace")
  [ "$execs" -le 2 ] || { cat "$tmp/strace"; fail "sycl-jit-fe executed $execs times"; }
  (cd "$tmp/a" && RULES_SYCL_FE_NO_ASLR=1 strace -f -qq -e trace=execve -o "$tmp/strace" "$FE" --library="$LIB" --source=src/ok.cpp --output=out/t.bc -- -O2 </dev/null) || fail "ok.cpp marked as re-executed"
  [ "$(grep -c 'execve(' "$tmp/strace")" = 1 ] || { cat "$tmp/strace"; fail "a re-executed sycl-jit-fe executed itself again"; }
fi

# Every file the compile reads must be a declared input (--declared-inputs, as the build
# passes it), a file under a built-in include directory, or the library's own: an
# absolute include, and a header not in the list, fail naming the file, with nothing
# written; /dev/stdin reads /dev/null (standard input is never the action's).
printf '#pragma once\nconstexpr int kDev = 2;\n' >"$tmp/dev.h"
printf '#include <sycl/sycl.hpp>\n#include "%s"\nint main() { return kDev; }\n' "$tmp/dev.h" >"$tmp/a/src/abs.cpp"
printf '#pragma once\nconstexpr int kOwn = 1;\n' >"$tmp/a/src/own.h"
printf '#include <sycl/sycl.hpp>\n#include "own.h"\nint main() { return kOwn; }\n' >"$tmp/a/src/rel.cpp"
printf '#include <sycl/sycl.hpp>\n#include "/dev/stdin"\nint main() { return 0; }\n' >"$tmp/a/src/stdin.cpp"
inc="$(cd "$(dirname "$LIB")/../include" && pwd -P)"
declared_fe() { fe --declared-inputs="$tmp/declared" --builtin-include-dir="$inc" --builtin-include-dir=/usr "$@" -- -O2 -isystem "$inc"; }
(cd "$tmp/a" && find -L src -type f ! -name own.h >"$tmp/declared")
(cd "$tmp/a" && declared_fe --source=src/rel.cpp --output=out/r.bc --int-header=out/r.h --int-footer=out/r.f) >"$tmp/err" 2>&1 && fail "an undeclared header compiled"
grep -q "^src/rel.cpp: error: undeclared inclusion in the device compile: src/own.h (not in the hdrs or srcs" "$tmp/err" || { cat "$tmp/err"; fail "the undeclared src/own.h is not named"; }
[ ! -e "$tmp/a/out/r.bc" ] && [ ! -e "$tmp/a/out/r.h" ] || fail "a compile with an undeclared inclusion wrote files"
echo src/own.h >>"$tmp/declared"
(cd "$tmp/a" && declared_fe --source=src/rel.cpp --output=out/r.bc --int-header=out/r.h --int-footer=out/r.f) >"$tmp/err" 2>&1 || { cat "$tmp/err"; fail "a declared header was refused"; }
(cd "$tmp/a" && declared_fe --source=src/abs.cpp --output=out/x.bc) >"$tmp/err" 2>&1 && fail "an absolute include compiled"
grep -q "^src/abs.cpp: error: undeclared inclusion in the device compile: $tmp/dev.h (an absolute path" "$tmp/err" || { cat "$tmp/err"; fail "the absolute include is not named"; }
set +e
(cd "$tmp/a" && sleep 60 | timeout 30 "$FE" --library="$LIB" --declared-inputs="$tmp/declared" --builtin-include-dir="$inc" --builtin-include-dir=/usr --source=src/stdin.cpp --output=out/i.bc -- -O2 -isystem "$inc") >"$tmp/err" 2>&1
code=$?
set -e
[ "$code" = 1 ] && grep -q "undeclared inclusion in the device compile: /dev/stdin" "$tmp/err" || { cat "$tmp/err"; fail "#include \"/dev/stdin\": exit $code, want 1 naming it (124: it read the action's standard input)"; }

# A TU over the front end's size limit (64 MiB): refused naming it, before the library
# loads; nothing written.
truncate -s 65M "$tmp/c/huge.cpp"
set +e
(cd "$tmp/c" && fe --source=huge.cpp --output="out dir/h.bc") 2>"$tmp/err"
code=$?
set -e
[ "$code" = 1 ] && grep -q "huge.cpp: larger than 64 MiB" "$tmp/err" || { cat "$tmp/err"; fail "a TU of 65 MiB: exit $code"; }
[ -z "$(ls -A "$tmp/c/out dir")" ] || fail "a refused TU left files"

# Output paths with a space, quotes and a non-ASCII letter: written where asked.
odd="$tmp/c/out dir/it's \"ö\""
mkdir -p "$odd"
(cd "$tmp/a" && fe --source=src/ok.cpp --output="$odd/o.bc" --int-header="$odd/o.h" --int-footer="$odd/o.f" -- -O2) || fail "an output directory with odd characters"
cmp "$tmp/a/out/ok.bc" "$odd/o.bc" || fail "the device IR differs when written under an odd directory"

# Dead-argument elimination stays on: the images carry DPC++'s [SYCL/kernel param opt].
props=$(find -L bazel-bin/examples/sycl2020/_sycl/vector_add_test -name '*.prop' | head -1)
[ -n "$props" ] || fail "no image properties of vector_add_test"
grep -q '^\[SYCL/kernel param opt\]' "$props" && grep -A1 '^\[SYCL/kernel param opt\]' "$props" | grep -q '^_ZTS.*=2|' \
  || { cat "$props"; fail "no [SYCL/kernel param opt] entry in $props"; }
# In real builds, as a user meets them: undeclared device includes (an absolute path made
# here, a header beside the source where no sandbox hides it) and a source name no
# integration header can hold. (A syntax error, a failed assert and strlen in real builds
# are Bazel tests: //sycl/tests/front_end_errors.)
pkg=tools/tests/dpcpp_fe_check
rm -rf "$pkg"; mkdir -p "$pkg"
trap 'rm -rf "$tmp" "$ROOT/$pkg"' EXIT
cat >"$pkg/BUILD.bazel" <<'BUILD'
load("//sycl:defs.bzl", "sycl_binary")

sycl_binary(name = "abs", srcs = ["abs.cpp"], tags = ["manual"], targets = ["spir64", "intel_cpu"])

sycl_binary(name = "undeclared", srcs = ["undeclared.cpp"], tags = ["manual"], targets = ["spir64"])

sycl_binary(name = "abs_clang", srcs = ["abs_clang.cpp"], runtime = "//runtime:rsycl", tags = ["manual"], targets = ["spir64", "nvidia_gpu_sm_90"])

sycl_binary(name = "odd", srcs = ["odd\"name.cpp"], tags = ["manual"], targets = ["spir64"])
BUILD
# An #include of a FIFO would block the compile forever: it is refused, naming it. A
# compile stopped by SIGTERM (Bazel cancelling the action) leaves nothing behind, and its
# compile process ends with it.
mkfifo "$tmp/fifo.h"
printf '#include <sycl/sycl.hpp>\n#include "%s"\nint main() { return 0; }\n' "$tmp/fifo.h" >"$tmp/a/src/fifo.cpp"
set +e
(cd "$tmp/a" && TMPDIR="$tmp/tmpdir" timeout 60 "$FE" --library="$LIB" --source=src/fifo.cpp --output=out/ff.bc -- -O2 </dev/null) >"$tmp/err" 2>&1
code=$?
set -e
[ "$code" = 1 ] && grep -q "src/fifo.cpp: the compile opened $tmp/fifo.h, which is not a regular file" "$tmp/err" || { cat "$tmp/err"; fail "an #include of a FIFO: exit $code, want 1 naming it (124: it blocked)"; }
set +e
(cd "$tmp/a" && TMPDIR="$tmp/tmpdir" timeout -s TERM 1 "$FE" --library="$LIB" --source=src/ok.cpp --output=out/term.bc -- -O2 </dev/null) >"$tmp/err" 2>&1
code=$?
set -e
sleep 1
[ "$code" = 124 ] && [ ! -e "$tmp/a/out/term.bc" ] && [ -z "$(ls -A "$tmp/tmpdir")" ] || { cat "$tmp/err"; fail "a compile stopped by SIGTERM: exit $code, left $(ls -A "$tmp/tmpdir" "$tmp/a/out" | tr '\n' ' ')"; }
pgrep -f "source=src/ok.cpp --output=out/term.bc" >/dev/null && fail "the compile outlived its stopped sycl-jit-fe"

# Device-only includes of a header no rule declares: by absolute path, and (where no
# sandbox hides it: --spawn_strategy=local) beside the source.
printf '#pragma once\nconstexpr int kDev = 2;\n' >"$tmp/dev.h"
printf '#include <sycl/sycl.hpp>\n#ifdef __SYCL_DEVICE_ONLY__\n#include "%s"\n#endif\nint main() { return 0; }\n' "$tmp/dev.h" >"$pkg/abs.cpp"
printf '#include <sycl/sycl.hpp>\n#ifdef __SYCL_DEVICE_ONLY__\n#include "hidden.h"\n#endif\nint main() { return 0; }\n' >"$pkg/undeclared.cpp"
printf '#pragma once\n' >"$pkg/hidden.h"
# The same through upstream clang's device compiles (the rsycl API; spir64, and NVPTX's
# compile of its own): sycl-device checked-compile checks them.
printf '#include "rsycl/sycl_lite.h"\n#ifdef __SYCL_DEVICE_ONLY__\n#include "%s"\n#endif\nint main() { return 0; }\n' "$tmp/dev.h" >"$pkg/abs_clang.cpp"
printf 'int main() { return 0; }\n' >"$pkg/odd\"name.cpp"
# An undeclared device-only include fails the device compile, naming the file, for the
# spir64 compile and the AOT triple's; with it declared nothing stays stale.
tools/bazel build "//$pkg:abs" >"$tmp/b5.log" 2>&1 && fail "//$pkg:abs built with an absolute device include"
grep -q "^$pkg/abs.cpp: error: undeclared inclusion in the device compile: $tmp/dev.h (an absolute path" "$tmp/b5.log" || { tail -20 "$tmp/b5.log"; fail "the build does not name the absolute device include"; }
tools/bazel build --spawn_strategy=local "//$pkg:undeclared" >"$tmp/b6.log" 2>&1 && fail "//$pkg:undeclared built without a sandbox"
grep -q "^$pkg/undeclared.cpp: error: undeclared inclusion in the device compile: $pkg/hidden.h (not in the hdrs or srcs" "$tmp/b6.log" || { tail -20 "$tmp/b6.log"; fail "the build does not name the undeclared device include"; }
tools/bazel build --keep_going "//$pkg:abs_clang" >"$tmp/b8.log" 2>&1 && fail "//$pkg:abs_clang built with an absolute device include"
[ "$(grep -c "^$pkg/abs_clang.cpp: error: undeclared inclusion in the device compile: $tmp/dev.h (an absolute path" "$tmp/b8.log")" -ge 2 ] || { tail -20 "$tmp/b8.log"; fail "upstream clang's device compiles (spir64, sm_90) do not both name the absolute device include"; }
# A source whose name would be written unescaped into the integration header: refused
# at analysis.
tools/bazel build "//$pkg:odd" >"$tmp/b7.log" 2>&1 && fail "//$pkg:odd built"
grep -q "a SYCL source's path may not hold" "$tmp/b7.log" || { tail -20 "$tmp/b7.log"; fail "the odd source name is not refused at analysis"; }

echo "dpcpp_front_end_test: ok (errors at their lines, nothing written; same bytes from two roots; a foreign library refused; a library crash named with its TU, nothing left; a 65 MiB TU refused; odd output paths; kernel param opt written; in a build: undeclared device includes named; an odd source name refused; no temporary files left; stack overflow in the library reported; re-executed once at most)"
