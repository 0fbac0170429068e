package verbs_test

import (
	"bytes"
	"flag"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/testutil"
	"github.com/rules-sycl/rules_sycl/internal/testutil/frontend"
	"github.com/rules-sycl/rules_sycl/internal/verbs"
)

var clangFlag = flag.String("clang", "", "path of clang++ (22)")

func tool(flagVal, name string) string { return testutil.Tool(flagVal, name) }

func run(t *testing.T, args ...string) string {
	t.Helper()
	tl := cli.New("sycl-device")
	tl.Register(verbs.All()...)
	var o, e bytes.Buffer
	if code := tl.Main(append([]string{"sycl-device"}, args...), &cli.Env{Stdout: &o, Stderr: &e}); code != 0 {
		t.Fatalf("sycl-device %s: exit %d: %s", strings.Join(args, " "), code, e.String())
	}
	return o.String()
}

// TestFilterPostLinkTableOfRealProgram: clang-22 compiles kernels (as the rules run it) using int, double,
// _Float16 and 64-bit atomics; after propagate and post-link, the aspect filter for
// intel_gpu_tgllp drops the images that need fp64 while intel_gpu_pvc keeps them all.
func TestFilterPostLinkTableOfRealProgram(t *testing.T) {
	clang := tool(*clangFlag, "clang++-22")
	if clang == "" {
		t.Skip("clang++-22 not found")
	}
	dir := t.TempDir()
	ll := filepath.Join(dir, "f.ll")
	if out, err := exec.Command(clang, frontend.DeviceCompileArgs(testutil.FeaturesCpp, ll)...).CombinedOutput(); err != nil {
		t.Fatalf("clang: %v\n%s", err, out)
	}
	prop := filepath.Join(dir, "p.ll")
	run(t, "propagate", "-o", prop, ll)
	table := filepath.Join(dir, "out.table")
	run(t, "post-link", "-split=auto", "-S", "-symbols", "-properties", "-o", table, prop)
	kernels := func(tab string) string {
		out := run(t, "inspect", tab)
		var ks []string
		for _, line := range strings.Split(out, "\n")[1:] {
			if f := strings.Fields(line); len(f) > 2 {
				ks = append(ks, f[2])
			}
		}
		return strings.Join(ks, " ")
	}
	all := kernels(table)
	tgl := filepath.Join(dir, "tgl.table")
	run(t, "aspect-filter", "-target=intel_gpu_tgllp", "-o", tgl, table)
	pvc := filepath.Join(dir, "pvc.table")
	run(t, "sycl-aspect-filter", "-target=intel_gpu_12_60_7", "-o", pvc, table)
	if got := kernels(pvc); got != all {
		t.Errorf("pvc dropped images: %q vs %q", got, all)
	}
	got := kernels(tgl)
	for _, k := range []string{"_ZTS7KDouble", "_ZTS4KMix", "_ZTS5KDeep"} {
		if !strings.Contains(all, k) || strings.Contains(got, k) {
			t.Errorf("tgllp must drop %s (needs fp64): %q", k, got)
		}
	}
	for _, k := range []string{"_ZTS4KInt", "_ZTS5KHalf", "_ZTS7KAtomic"} {
		if !strings.Contains(got, k) {
			t.Errorf("tgllp must keep %s: %q", k, got)
		}
	}
	why := run(t, "inspect", "--target=intel_gpu_tgllp", table)
	if !strings.Contains(why, "Required aspect fp64 is not supported on the device") {
		t.Errorf("inspect does not explain:\n%s", why)
	}
	// inspect decides as the build's filter does (aspect-filter --dpcpp): generic spir64
	// may support other aspects, so its filter keeps the fp64 images and inspect says ok.
	spir := filepath.Join(dir, "spir.table")
	run(t, "aspect-filter", "--dpcpp", "-target=spir64", "-o", spir, table)
	if got := kernels(spir); got != all {
		t.Errorf("spir64 (DPC++ mode) dropped images: %q vs %q", got, all)
	}
	if out := run(t, "inspect", "--target=spir64", table); strings.Contains(out, "not supported") {
		t.Errorf("inspect calls images unsupported that the build's filter keeps for spir64:\n%s", out)
	}
}
