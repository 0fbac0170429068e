package aspectprop_test

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/testutil"
	"github.com/rules-sycl/rules_sycl/internal/verbs"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// llvmTool finds an LLVM 22 tool: a path given by flag (Bazel passes them) or on PATH.
func llvmTool(t *testing.T, flagVal, name string) string { return testutil.Tool(flagVal, name) }

var (
	llvmAsFlag = flag.String("llvm_as", "", "path of llvm-as (22)")
	optFlag    = flag.String("opt", "", "path of opt (22)")
)

func runTool(args ...string) (stdout, stderr string, code int) {
	tool := cli.New("sycl-device")
	tool.Register(verbs.Propagate())
	var o, e bytes.Buffer
	code = tool.Main(append([]string{"sycl-device", "propagate"}, args...), &cli.Env{Stdout: &o, Stderr: &e})
	return o.String(), e.String(), code
}

// runFlags returns the flags from a "; RUN-FLAGS: ..." line of the test input.
func runFlags(src []byte) []string {
	for _, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(line, "; RUN-FLAGS:") {
			return strings.Fields(strings.TrimPrefix(line, "; RUN-FLAGS:"))
		}
	}
	return nil
}

// TestGolden runs propagate on every testdata/*.ll and compares diagnostics and output
// with testdata/*.out; every output LLVM 22 can read must pass llvm-as and opt -verify.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.ll")
	if len(files) < 5 {
		t.Fatalf("only %d test inputs found", len(files))
	}
	llvmAs := llvmTool(t, *llvmAsFlag, "llvm-as-22")
	opt := llvmTool(t, *optFlag, "opt-22")
	for _, in := range files {
		in := in
		t.Run(filepath.Base(in), func(t *testing.T) {
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			outFile := filepath.Join(t.TempDir(), "out.ll")
			args := append(runFlags(src), "--validate", "-o", outFile, in)
			_, stderr, code := runTool(args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			got, err := os.ReadFile(outFile)
			if err != nil {
				t.Fatal(err)
			}
			combined := "; stderr:\n" + prefixLines(stderr) + "; output:\n" + string(got)
			golden := strings.TrimSuffix(in, ".ll") + ".out"
			if *update {
				if err := os.WriteFile(golden, []byte(combined), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if combined != string(want) {
				t.Errorf("output differs from %s:\n%s", golden, combined)
			}
			if bytes.Contains(src[:bytes.IndexByte(src, '\n')+1], []byte("llvm14")) {
				return // typed pointers: LLVM 22 cannot read them
			}
			if llvmAs == "" || opt == "" {
				t.Skip("llvm-as-22/opt-22 not found")
			}
			if out, err := exec.Command(llvmAs, outFile, "-o", os.DevNull).CombinedOutput(); err != nil {
				t.Errorf("llvm-as rejects the output: %v\n%s", err, out)
			}
			if out, err := exec.Command(opt, "-passes=verify", "-disable-output", outFile).CombinedOutput(); err != nil {
				t.Errorf("opt -passes=verify rejects the output: %v\n%s", err, out)
			}
		})
	}
}

func prefixLines(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		if l != "" {
			b.WriteString("; " + l + "\n")
		}
	}
	return b.String()
}

// TestNoOptionalFeaturesIsIdentity: a module using no aspect is re-emitted unchanged.
func TestNoOptionalFeaturesIsIdentity(t *testing.T) {
	src, _ := os.ReadFile("testdata/none.ll")
	out, stderr, code := runTool("testdata/none.ll")
	if code != 0 || out != string(src) {
		t.Fatalf("exit %d, stderr %q; output differs from input:\n%s", code, stderr, out)
	}
}

// TestIdempotent: propagating an already propagated module changes nothing.
func TestIdempotent(t *testing.T) {
	dir := t.TempDir()
	once := filepath.Join(dir, "once.ll")
	if _, stderr, code := runTool("-o", once, "testdata/callgraph.ll"); code != 0 {
		t.Fatal(stderr)
	}
	first, _ := os.ReadFile(once)
	second, stderr, code := runTool(once)
	if code != 0 || second != string(first) {
		t.Fatalf("second run changed the module (exit %d, %s)", code, stderr)
	}
}

func TestWerror(t *testing.T) {
	out := filepath.Join(t.TempDir(), "o.ll")
	_, stderr, code := runTool("--Werror", "-o", out, "testdata/declared.ll")
	if code != 1 || !strings.Contains(stderr, "error: function 'helper' uses aspect 'fp64'") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("an output was written despite errors")
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"a.ll", "b.ll"},
		{"--infer=maybe", "testdata/none.ll"},
		{"--exclude-aspects=fp65", "testdata/none.ll"},
		{"--no-such-flag", "testdata/none.ll"},
	} {
		if _, stderr, code := runTool(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, stderr)
		}
	}
}

// TestMalformedInputs: the verb exits 1 with one "file:line: message" line, and leaves no
// output file behind (a previous output stays untouched).
func TestMalformedInputs(t *testing.T) {
	cases := map[string]string{
		"unterminated_function.ll": "define void @f() {\n  ret void\n",
		"dangling_md.ll":           "define void @f() {\n  ret void, !dbg !9\n}\n",
		"bad_token.ll":             "declare void @f()\n)))\n",
		"unterminated_string.ll":   "@s = constant [1 x i8] c\"a\n",
		"no_brace.ll":              "define void @f()\n",
		"bad_aspect_list.ll":       "define void @f() !sycl_used_aspects !0 {\n  ret void\n}\n!0 = !{!\"fp64\"}\n",
		"bad_sycl_aspects.ll":      "!sycl_aspects = !{!0}\n!0 = !{i32 6}\n",
		"bad_types_md.ll":          "!sycl_types_that_use_aspects = !{!0}\n!0 = !{i32 6}\n",
		"redefinition.ll":          "define void @f() {\n  ret void\n}\ndefine void @f() {\n  ret void\n}\n",
		"truncated_header.ll":      "define void @f(i32\n",
		"unbalanced_md.ll":         "!0 = !{!{!\"a\"}\n",
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "previous.ll")
	for name, src := range cases {
		in := filepath.Join(dir, name)
		if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(out, []byte("previous"), 0o644); err != nil {
			t.Fatal(err)
		}
		_, stderr, code := runTool("-o", out, in)
		lines := strings.Split(strings.TrimSpace(stderr), "\n")
		if code != 1 || len(lines) != 1 || !regexp.MustCompile(`^`+regexp.QuoteMeta(in)+`:[0-9]+: `).MatchString(lines[0]) {
			t.Errorf("%s: exit %d, stderr %q; want exit 1 and one file:line: message", name, code, stderr)
		}
		if got, _ := os.ReadFile(out); string(got) != "previous" {
			t.Errorf("%s: previous output was modified", name)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != len(cases)+1 {
		t.Errorf("%d files in the output directory, want %d: temporary files left behind", len(entries), len(cases)+1)
	}
}
