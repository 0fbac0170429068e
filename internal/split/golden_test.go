package split_test

import (
	"bytes"
	"flag"
	"github.com/rules-sycl/rules_sycl/internal/split"
	"github.com/rules-sycl/rules_sycl/internal/verbs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/internal/props"
	"github.com/rules-sycl/rules_sycl/internal/testutil"
)

var (
	update     = flag.Bool("update", false, "rewrite the golden files in testdata/")
	llvmAsFlag = flag.String("llvm_as", "", "path of llvm-as (22)")
	optFlag    = flag.String("opt", "", "path of opt (22)")
)

func llvmTool(flagVal, name string) string { return testutil.Tool(flagVal, name) }

func runTool(args ...string) (string, int) {
	tool := cli.New("sycl-device")
	tool.Register(verbs.PostLink(), verbs.Split())
	var o, e bytes.Buffer
	code := tool.Main(append([]string{"sycl-device"}, args...), &cli.Env{Stdout: &o, Stderr: &e})
	return o.String() + e.String(), code
}

func runLines(src []byte) [][]string {
	var out [][]string
	for _, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(line, "; RUN:") {
			out = append(out, strings.Fields(strings.TrimPrefix(line, "; RUN:")))
		}
	}
	return out
}

// dump renders every file of dir, sorted by name.
func dump(t *testing.T, dir string) string {
	var names []string
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			r, _ := filepath.Rel(dir, p)
			names = append(names, r)
		}
		return nil
	})
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		data, _ := os.ReadFile(filepath.Join(dir, n))
		b.WriteString("=== " + n + "\n")
		b.Write(data)
	}
	return b.String()
}

// TestPostLinkGolden runs post-link for every "; RUN:" line of testdata/*.ll and compares
// all outputs with testdata/*.out; every emitted module must pass llvm-as and opt -verify.
func TestPostLinkGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.ll")
	if len(files) < 8 {
		t.Fatalf("found %d inputs", len(files))
	}
	llvmAs, opt := llvmTool(*llvmAsFlag, "llvm-as-22"), llvmTool(*optFlag, "opt-22")
	for _, in := range files {
		in := in
		t.Run(filepath.Base(in), func(t *testing.T) {
			src, _ := os.ReadFile(in)
			var all strings.Builder
			for _, flags := range runLines(src) {
				dir := t.TempDir()
				args := append([]string{"post-link", "-symbols", "-properties", "-S", "-o", filepath.Join(dir, "out.table")}, flags...)
				for i, a := range args {
					if i > 0 && args[i-1] == "-o" && strings.Contains(a, ",") {
						parts := strings.SplitN(a, ",", 2)
						args[i] = parts[0] + "," + filepath.Join(dir, parts[1])
					}
				}
				args = append(args, in)
				msg, code := runTool(args...)
				if code != 0 {
					t.Fatalf("%v: exit %d: %s", flags, code, msg)
				}
				all.WriteString("### RUN: " + strings.Join(flags, " ") + "\n" + dump(t, dir))
				if llvmAs == "" || opt == "" {
					continue
				}
				lls, _ := filepath.Glob(filepath.Join(dir, "*.ll"))
				for _, ll := range lls {
					if out, err := exec.Command(llvmAs, ll, "-o", os.DevNull).CombinedOutput(); err != nil {
						t.Errorf("%v: llvm-as rejects %s: %s", flags, filepath.Base(ll), out)
					}
					if out, err := exec.Command(opt, "-passes=verify", "-disable-output", ll).CombinedOutput(); err != nil {
						t.Errorf("%v: opt -verify rejects %s: %s", flags, filepath.Base(ll), out)
					}
				}
			}
			golden := strings.TrimSuffix(in, ".ll") + ".out"
			if *update {
				os.WriteFile(golden, []byte(all.String()), 0o644)
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update)", err)
			}
			if all.String() != string(want) {
				t.Errorf("outputs differ from %s:\n%s", golden, all.String())
			}
			if llvmAs == "" {
				t.Log("llvm-as-22 not found: emitted modules not verified")
			}
		})
	}
}

// TestKernelReqsEncoding decodes the [SYCL/kernel reqs] entry of one kernel.
func TestKernelReqsEncoding(t *testing.T) {
	dir := t.TempDir()
	if msg, code := runTool("post-link", "-split=none", "-emit-kernel-reqs", "-properties", "-S", "-o", filepath.Join(dir, "t.table"), "testdata/work_group.ll"); code != 0 {
		t.Fatal(msg)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "t_0.prop"))
	reg, err := props.Parse("t_0.prop", data)
	if err != nil {
		t.Fatal(err)
	}
	kr := reg.Set("SYCL/kernel reqs")
	if kr == nil {
		t.Fatal("no [SYCL/kernel reqs]")
	}
	p, ok := kr.Get("wg_64x2")
	if !ok {
		t.Fatal("no entry for wg_64x2")
	}
	got, _ := p.U32Array()
	// entry_count 1; reqd_work_group_size (1), 2 dimensions, 64, 2, spec_id.
	want := []uint32{1, 1, 2, 64, 2, split.NoSpecID}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}

// TestBadInputs: malformed input is exit 1 with file:line, usage errors exit 2, and
// nothing is written.
func TestBadInputs(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.ll")
	os.WriteFile(bad, []byte("define void @f() {\n  ret void\n"), 0o644)
	// A device_image_scope device global both kernels use: one image may hold it.
	dg, _ := os.ReadFile("testdata/device_globals.ll")
	shared := filepath.Join(dir, "shared.ll")
	os.WriteFile(shared, bytes.Replace(dg, []byte(`"device_image_scope"="false"`), []byte(`"device_image_scope"="true"`), 1), 0o644)
	badSize := filepath.Join(dir, "size.ll")
	os.WriteFile(badSize, bytes.Replace(dg, []byte(`"sycl-device-global-size"="4"`), []byte(`"sycl-device-global-size"="four"`), 1), 0o644)
	// Names from the IR that the property format cannot carry: a symbolic ID with a
	// newline (it would open a property set of its own), a device_global unique ID and a
	// kernel name with '='.
	sc, _ := os.ReadFile("testdata/spec_const_split.ll")
	forged := filepath.Join(dir, "forged.ll")
	os.WriteFile(forged, bytes.Replace(sc, []byte(`@idA = private unnamed_addr constant [5 x i8] c"uidA\00"`), []byte(`@idA = private unnamed_addr constant [18 x i8] c"uidA\0A[SYCL/x]\0Ax=1\00"`), 1), 0o644)
	eqID := filepath.Join(dir, "eqid.ll")
	os.WriteFile(eqID, bytes.Replace(dg, []byte(`"sycl-unique-id"="1a2b3c4d5e6f7081____ZL7counter"`), []byte(`"sycl-unique-id"="a=b"`), 1), 0o644)
	pi, _ := os.ReadFile("testdata/param_info.ll")
	eqKernel := filepath.Join(dir, "eqkernel.ll")
	os.WriteFile(eqKernel, bytes.Replace(pi, []byte("@two("), []byte(`@"t=wo"(`), 1), 0o644)
	// An asm label makes any string a SYCL_EXTERNAL function's name: one that would
	// forge a property set in [SYCL/imported symbols].
	deps, _ := os.ReadFile("testdata/image_dependencies.ll")
	asmLabel := filepath.Join(dir, "asmlabel.ll")
	os.WriteFile(asmLabel, bytes.ReplaceAll(deps, []byte("@childA()"), []byte(`@"childA\0A[SYCL/forged]\0Ax=1|1"()`)), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"post-link", "-split=kernel", "-emit-imported-symbols", "-properties", "-S", "-o", filepath.Join(dir, "o.table"), asmLabel}, 1, asmLabel + ":38: function name cannot be written into [SYCL/imported symbols]: \"childA\\n[SYCL/forged]"},
		{[]string{"split", "-split=kernel", "-emit-imported-symbols", "--shards=1", "--out-dir=" + filepath.Join(dir, "s"), asmLabel}, 1, asmLabel + ":38: function name cannot be written into [SYCL/imported symbols]"},
		{[]string{"post-link", "-spec-const=native", "-properties", "-S", "-o", filepath.Join(dir, "o.table"), forged}, 1, forged + ":18: call of @_Z37__sycl_getScalar2020SpecConstantValueIaET_PKcPKvS4_: symbolic ID: \"uidA\\n[SYCL/x]"},
		{[]string{"split", "--shards=1", "--out-dir=" + filepath.Join(dir, "s"), forged}, 1, forged + ":18: call of"},
		{[]string{"post-link", "-device-globals", "-properties", "-S", "-o", filepath.Join(dir, "o.table"), eqID}, 1, eqID + ":16: @counter: \"sycl-unique-id\" cannot name a device global"},
		{[]string{"split", "--shards=1", "--out-dir=" + filepath.Join(dir, "s"), eqID}, 1, eqID + ":16: @counter: \"sycl-unique-id\" cannot name a device global"},
		{[]string{"post-link", "-emit-param-info", "-properties", "-S", "-o", filepath.Join(dir, "o.table"), eqKernel}, 1, eqKernel + ":10: entry point name cannot be written into a property set"},
		{[]string{"post-link", "-S", "-o", filepath.Join(dir, "o.table"), bad}, 1, bad + ":1: "},
		{[]string{"split", "--shards=2", "--out-dir=" + filepath.Join(dir, "s"), bad}, 1, bad + ":1: "},
		{[]string{"post-link", "-split=bogus", "-o", filepath.Join(dir, "o.table"), bad}, 2, "-split must be"},
		{[]string{"post-link", "-frobnicate", "-o", filepath.Join(dir, "o.table"), bad}, 2, "-frobnicate"},
		{[]string{"post-link", bad}, 2, "missing -o"},
		{[]string{"split", bad}, 2, "--shards"},
		{[]string{"post-link", "-split=kernel", "-device-globals", "-S", "-o", filepath.Join(dir, "o.table"), shared}, 1, shared + ":16: device_global @counter has device_image_scope, but the images of KB and KA both use it"},
		{[]string{"split", "-split=kernel", "--shards=2", "--out-dir=" + filepath.Join(dir, "s"), shared}, 1, shared + ":16: device_global @counter has device_image_scope, but the images of "},
		{[]string{"post-link", "-device-globals", "-S", "-o", filepath.Join(dir, "o.table"), badSize}, 1, badSize + ":16: @counter: \"sycl-device-global-size\"=\"four\" is not a size"},
		{[]string{"post-link", "-S", "-o", filepath.Join(dir, "o.table"), filepath.Join(dir, "missing.ll")}, 1, "cannot read"},
	} {
		msg, code := runTool(tc.args...)
		if code != tc.code || !strings.Contains(msg, tc.want) {
			t.Errorf("%v: exit %d %q, want %d and %q", tc.args, code, msg, tc.code, tc.want)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 7 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("files left behind: %v", names)
	}
}

// TestSplitLeavesNothingOnFailure: when writing a shard fails (here a symbolic link
// planted where a table goes), the shard directories the call created are removed again
// and no file is left behind.
func TestSplitLeavesNothingOnFailure(t *testing.T) {
	src, err := os.ReadFile("testdata/aspects.ll")
	if err != nil {
		t.Fatal(err)
	}
	m, err := llvmir.Parse("aspects.ll", src)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	planted := filepath.Join(dir, "s3")
	os.MkdirAll(planted, 0o755)
	os.Symlink(filepath.Join(dir, "elsewhere"), filepath.Join(planted, split.TableName))
	var dirs []string
	for i := 0; i < 4; i++ {
		dirs = append(dirs, filepath.Join(dir, "s"+strconv.Itoa(i)))
	}
	if err := split.SplitShards(m, nil, split.Options{Mode: split.ModeAuto}, split.ImageOptions{}, dirs); err == nil {
		t.Fatal("split wrote through a planted link")
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 1 || names[0] != "s3" {
		t.Errorf("left behind: %v (want only the pre-existing s3)", names)
	}
	left, _ := os.ReadDir(planted)
	if len(left) != 1 {
		t.Errorf("files left in s3: %v", left)
	}
}

// TestIROutputOnly: -ir-output-only writes the one module of all kernels, its
// specialization constants lowered, to the -o file and nothing else; it refuses the
// options sycl-post-link refuses with it.
func TestIROutputOnly(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "one.ll")
	msg, code := runTool("post-link", "-ir-output-only", "-split=auto", "-spec-const=native", "-S", "-o", out, "testdata/spec_const_split.ll")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, msg)
	}
	text, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(text, []byte("__spirv_SpecConstant")) || bytes.Contains(text, []byte("SpecConstantValue")) {
		t.Errorf("specialization constants not lowered in the module:\n%s", text)
	}
	if n := bytes.Count(text, []byte("define ")); n < 2 {
		t.Errorf("the module has %d definitions: not every kernel's", n)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files written, want only the module", len(entries))
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-symbols"}, "-symbols can't be used with -ir-output-only"},
		{[]string{"-split=kernel"}, "-split=kernel can't be used with -ir-output-only"},
		{[]string{"-emit-param-info"}, "-emit-param-info can't be used with -ir-output-only"},
		{[]string{"-emit-program-metadata"}, "-emit-program-metadata can't be used with -ir-output-only"},
	} {
		args := append(append([]string{"post-link", "-ir-output-only", "-S", "-o", filepath.Join(dir, "x.ll")}, tc.args...), "testdata/spec_const_split.ll")
		if msg, code := runTool(args...); code == 0 || !strings.Contains(msg, tc.want) {
			t.Errorf("%v: exit %d, %q; want %q", tc.args, code, msg, tc.want)
		}
	}
	// A refused run writes nothing.
	if _, err := os.Stat(filepath.Join(dir, "x.ll")); err == nil {
		t.Errorf("a refused run wrote its output")
	}
}
