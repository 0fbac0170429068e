package split_test

import (
	"flag"
	"github.com/rules-sycl/rules_sycl/internal/split"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/aspectprop"
	"github.com/rules-sycl/rules_sycl/internal/aspects"
	"github.com/rules-sycl/rules_sycl/internal/filetable"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/internal/props"
	"github.com/rules-sycl/rules_sycl/internal/testutil"
	"github.com/rules-sycl/rules_sycl/internal/testutil/frontend"
)

var (
	clangFlag = flag.String("clang", "", "path of clang++ (22)")
	llcFlag   = flag.String("llc", "", "path of llc (22)")
	spirvDis  = flag.String("spirv_dis", "", "path of spirv-dis")
	spirvVal  = flag.String("spirv_val", "", "path of spirv-val")
)

func mustRun(t *testing.T, tool string, args ...string) string {
	t.Helper()
	out, err := exec.Command(tool, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", filepath.Base(tool), strings.Join(args, " "), err, out)
	}
	return string(out)
}

// compileAndPropagate runs the rules' chain up to the split on src: clang-22's device
// compile as SyclDeviceCompile runs it, propagation, and SyclDeviceOptimize's opt -O2
// --strip-debug; it returns the module the split reads.
func compileAndPropagate(t *testing.T, clang, src, dir string) *llvmir.Module {
	ll := filepath.Join(dir, filepath.Base(src)+".ll")
	mustRun(t, clang, frontend.DeviceCompileArgs(src, ll)...)
	data, _ := os.ReadFile(ll)
	m, err := llvmir.Parse(ll, data)
	if err != nil {
		t.Fatal(err)
	}
	res, err := aspectprop.Run(m, aspectprop.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	res.Editor.WriteTo(&b)
	prop, opt := ll+".prop.ll", ll+".opt.ll"
	if err := os.WriteFile(prop, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	optTool := llvmTool(*optFlag, "opt-22")
	if optTool == "" {
		t.Skip("opt-22 not found")
	}
	mustRun(t, optTool, "-O2", "--strip-debug", "-S", prop, "-o", opt)
	data, _ = os.ReadFile(opt)
	pm, err := llvmir.Parse(ll, data)
	if err != nil {
		t.Fatal(err)
	}
	return pm
}

// TestCrossCheckRealCompiler: a clang-22 program with int, fp64, fp16 and atomic64
// kernels, propagated and split per aspects: each image lowered by llc passes
// spirv-val and its optional capabilities equal its .prop aspects.
func TestCrossCheckRealCompiler(t *testing.T) {
	clang, llc := llvmTool(*clangFlag, "clang++-22"), llvmTool(*llcFlag, "llc-22")
	dis, val := llvmTool(*spirvDis, "spirv-dis"), llvmTool(*spirvVal, "spirv-val")
	if clang == "" || llc == "" || dis == "" || val == "" {
		t.Skip("clang++-22, llc-22, spirv-dis or spirv-val not found")
	}
	dir := t.TempDir()
	m := compileAndPropagate(t, clang, testutil.FeaturesCpp, dir)
	out := filepath.Join(dir, "split")
	if err := split.SplitShards(m, nil, split.Options{Mode: split.ModeAuto}, split.ImageOptions{}, []string{out}); err != nil {
		t.Fatal(err)
	}
	tabPath := filepath.Join(out, split.TableName)
	data, _ := os.ReadFile(tabPath)
	tab, err := filetable.Parse(tabPath, data)
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Rows) != 6 {
		t.Errorf("%d images, want 6 (int kernels share one)", len(tab.Rows))
	}
	capAspect := map[string]string{"Float64": "fp64", "Float16": "fp16", "Int64Atomics": "atomic64"}
	capRe := regexp.MustCompile(`OpCapability (\w+)`)
	table := aspects.Builtin()
	for i, row := range tab.Rows {
		code, _ := filetable.Resolve(tabPath, tab.Lines[i], row[0], false)
		propPath, _ := filetable.Resolve(tabPath, tab.Lines[i], row[1], false)
		spv := code + ".spv"
		mustRun(t, llc, "-mtriple=spirv64-unknown-unknown", "-filetype=obj", code, "-o", spv)
		mustRun(t, val, spv)
		seen := map[string]bool{}
		var caps []string
		for _, mm := range capRe.FindAllStringSubmatch(mustRun(t, dis, spv), -1) {
			if a, ok := capAspect[mm[1]]; ok && !seen[a] {
				seen[a] = true
				caps = append(caps, a)
			}
		}
		pdata, _ := os.ReadFile(propPath)
		reg, err := props.Parse(propPath, pdata)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := reg.Set(props.DeviceRequirements).Get("aspects")
		vals, _ := p.U32Array()
		var names []string
		for _, v := range vals {
			names = append(names, table.Display(int(v)))
		}
		sort.Strings(caps)
		sort.Strings(names)
		if strings.Join(caps, ",") != strings.Join(names, ",") {
			t.Errorf("%s: .prop aspects [%s], SPIR-V capabilities [%s]", row[0], strings.Join(names, ","), strings.Join(caps, ","))
		}
	}
}

// TestShardStability: editing one kernel's body (or appending a kernel) and splitting
// again changes exactly one of the 8 shard directories.
func TestShardStability(t *testing.T) {
	clang := llvmTool(*clangFlag, "clang++-22")
	if clang == "" {
		t.Skip("clang++-22 not found")
	}
	orig, _ := os.ReadFile(testutil.FeaturesCpp)
	variants := map[string]string{
		"edit_body": strings.Replace(string(orig), "pi[0] += 1;", "pi[0] += 7;", 1),
		// Joins the image of the other fp64-only kernel.
		"add_kernel_same_reqs": string(orig) + "\nclass KNew;\nvoid launch2(double *pd) {\n  kernel_entry<KNew>([=]() { pd[0] = pd[0] * 3.0; });\n}\n",
		// A new requirement set: a new image.
		"add_kernel_new_reqs": string(orig) + "\nclass KNew;\nvoid launch2(_Float16 *ph, long long *pa) {\n  kernel_entry<KNew>([=]() { ph[0] = helper_h(ph[0]); helper_a(pa); });\n}\n",
	}
	dir := t.TempDir()
	base := splitTo(t, clang, dir, "base", orig)
	for name, src := range variants {
		if src == string(orig) {
			t.Fatalf("%s: the edit did not apply", name)
		}
		got := splitTo(t, clang, dir, name, []byte(src))
		changed := 0
		for i := range base {
			if base[i] != got[i] {
				changed++
			}
		}
		if changed != 1 {
			t.Errorf("%s: %d of %d shards changed, want exactly 1", name, changed, len(base))
		}
	}
}

func splitTo(t *testing.T, clang, dir, name string, src []byte) []string {
	d := filepath.Join(dir, name)
	os.MkdirAll(d, 0o755)
	// Every variant is compiled from the same path, as a Bazel action would.
	srcDir := filepath.Join(dir, "src")
	os.MkdirAll(srcDir, 0o755)
	cpp := filepath.Join(srcDir, "features.cpp")
	os.WriteFile(cpp, src, 0o644)
	m := compileAndPropagate(t, clang, cpp, d)
	var dirs []string
	for i := 0; i < 8; i++ {
		dirs = append(dirs, filepath.Join(d, "shard", string(rune('0'+i))))
	}
	if err := split.SplitShards(m, nil, split.Options{Mode: split.ModeAuto}, split.ImageOptions{}, dirs); err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(dirs))
	for i, sd := range dirs {
		out[i] = dump(t, sd)
	}
	return out
}
