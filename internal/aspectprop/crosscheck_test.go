package aspectprop_test

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/aspectprop"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/internal/testutil"
	"github.com/rules-sycl/rules_sycl/internal/testutil/frontend"
)

var (
	clangFlag   = flag.String("clang", "", "path of clang++ (22)")
	llcFlag     = flag.String("llc", "", "path of llc (22)")
	extractFlag = flag.String("llvm_extract", "", "path of llvm-extract (22)")
	spirvDis    = flag.String("spirv_dis", "", "path of spirv-dis")
)

// capabilityAspects maps the optional SPIR-V capabilities to the aspects they imply.
var capabilityAspects = map[string]string{"Float64": "fp64", "Float16": "fp16", "Int64Atomics": "atomic64"}

// TestCrossCheckWithSPIRVCapabilities compiles a SYCL source with real clang-22,
// propagates aspects, and for every kernel compares the propagated aspects with the
// optional capabilities llc-22 declares for that kernel extracted alone.
func TestCrossCheckWithSPIRVCapabilities(t *testing.T) {
	clang := llvmTool(t, *clangFlag, "clang++-22")
	llc := llvmTool(t, *llcFlag, "llc-22")
	extract := llvmTool(t, *extractFlag, "llvm-extract-22")
	dis := llvmTool(t, *spirvDis, "spirv-dis")
	if clang == "" || llc == "" || extract == "" || dis == "" {
		t.Skip("clang++-22, llc-22, llvm-extract-22 or spirv-dis not found")
	}
	dir := t.TempDir()
	ll := filepath.Join(dir, "features.ll")
	runCmd(t, clang, frontend.DeviceCompileArgs(testutil.FeaturesCpp, ll)...)
	prop := filepath.Join(dir, "prop.ll")
	if _, stderr, code := runTool("-o", prop, ll); code != 0 {
		t.Fatal(stderr)
	}
	src, _ := os.ReadFile(prop)
	m, err := llvmir.Parse(prop, src)
	if err != nil {
		t.Fatal(err)
	}
	res, err := aspectprop.Run(m, aspectprop.Options{})
	if err != nil {
		t.Fatal(err)
	}
	capRe := regexp.MustCompile(`OpCapability (\w+)`)
	kernels := 0
	for _, f := range res.EntryPoints {
		if f.CallConv != "spir_kernel" {
			continue
		}
		kernels++
		var got []string
		for _, v := range res.Used[f.Index] {
			got = append(got, res.Table.Display(v))
		}
		one := filepath.Join(dir, "one.ll")
		runCmd(t, extract, "-S", "--recursive", "--func="+f.Name, prop, "-o", one)
		spv := filepath.Join(dir, "one.spv")
		runCmd(t, llc, "-mtriple=spirv64-unknown-unknown", "-filetype=obj", one, "-o", spv)
		text := runCmd(t, dis, spv)
		seen := map[string]bool{}
		var want []string
		for _, mm := range capRe.FindAllStringSubmatch(text, -1) {
			if a, ok := capabilityAspects[mm[1]]; ok && !seen[a] {
				seen[a] = true
				want = append(want, a)
			}
		}
		sort.Strings(got)
		sort.Strings(want)
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("kernel %s: propagated aspects [%s], SPIR-V capabilities imply [%s]", f.Name, strings.Join(got, ","), strings.Join(want, ","))
		} else {
			t.Logf("kernel %s: [%s]", f.Name, strings.Join(got, ","))
		}
	}
	if kernels != 7 {
		t.Errorf("found %d kernels, want 7", kernels)
	}
}

func runCmd(t *testing.T, tool string, args ...string) string {
	t.Helper()
	out, err := exec.Command(tool, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", filepath.Base(tool), strings.Join(args, " "), err, out)
	}
	return string(out)
}
