package imagecompile

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/testutil"
)

var (
	llcFlag   = flag.String("llc", "", "path of llc (22)")
	oclocFlag = flag.String("ocloc", "", "path of Intel's ocloc")
)

// A kernel that computes in double: what the specification's motivating failure needs.
const doubleKernel = `target triple = "spirv64-unknown-unknown"

define spir_kernel void @_ZTS7KDouble(ptr addrspace(1) %p) {
  %v = load double, ptr addrspace(1) %p, align 8
  %m = fmul double %v, 2.000000e+00
  store double %m, ptr addrspace(1) %p, align 8
  ret void
}
`

func oclocTools(t *testing.T) Tools {
	t.Helper()
	tools := Tools{LLC: testutil.Tool(*llcFlag, "llc-22", "llc"), Binaries: map[string]string{"ocloc": testutil.Tool(*oclocFlag, "ocloc")}}
	if tools.LLC == "" || tools.Binaries["ocloc"] == "" {
		t.Fatal("llc and ocloc are needed (tools/bootstrap.sh installs Debian's intel-opencl-icd)")
	}
	return tools
}

func doubleTable(t *testing.T) string {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "k.ll"), []byte(doubleKernel), 0o644)
	os.WriteFile(filepath.Join(dir, "k.sym"), []byte("_ZTS7KDouble\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "t.table"), []byte("[Code|Symbols]\nk.ll|k.sym\n"), 0o644)
	return filepath.Join(dir, "t.table")
}

// TestOclocRealCompile: the real ocloc builds a native binary of a double kernel for
// pvc and refuses it for tgllp with its own "Double type is not supported" diagnostic,
// prefixed with the row, the image and its kernel; a device this ocloc does not know
// is one line naming the target and the ocloc version.
func TestOclocRealCompile(t *testing.T) {
	tools := oclocTools(t)
	table := doubleTable(t)
	var out bytes.Buffer
	env := &cli.Env{Stdout: &out, Stderr: &out}
	pvc := filepath.Join(filepath.Dir(table), "pvc")
	if err := Compile(env, table, target(t, "intel_gpu_pvc"), tools, pvc, false); err != nil {
		t.Fatalf("pvc: %v", err)
	}
	if fi, err := os.Stat(filepath.Join(pvc, "k.bin")); err != nil || fi.Size() == 0 {
		t.Fatalf("pvc: no native binary k.bin: %v", err)
	}
	// With the propagate step's locations, the error names the kernel's source line.
	locs := filepath.Join(filepath.Dir(table), "k.locs")
	if err := os.WriteFile(locs, []byte("_ZTS7KDouble\tapp/double.cpp:7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tools.KernelLocations = locs
	err := Compile(env, table, target(t, "intel_gpu_tgllp"), tools, filepath.Join(filepath.Dir(table), "tgl"), false)
	if err == nil {
		t.Fatal("tgllp compiled a double kernel")
	}
	msg := err.Error()
	for _, want := range []string{"t.table:2: ocloc failed on k.ll (kernel KDouble (app/double.cpp:7)) for intel_gpu_tgllp", "\napp/double.cpp:7: ocloc: error: Double type is not supported on this platform."} {
		if !strings.Contains(msg, want) {
			t.Errorf("tgllp error lacks %q:\n%s", want, msg)
		}
	}
	if strings.Count(msg, "Double type is not supported") != 1 {
		t.Errorf("ocloc's diagnostic is repeated:\n%s", msg)
	}
	cfg, err := devconfig.Parse("new.yaml", []byte("intel_gpu_future:\n  triple: spir64_gen\n  aot:\n    tool: ocloc\n    options: [-device, no_such_gpu]\n"))
	if err != nil {
		t.Fatal(err)
	}
	future, _ := cfg.Lookup("intel_gpu_future")
	err = Compile(env, table, future, tools, filepath.Join(filepath.Dir(table), "future"), false)
	if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), `target intel_gpu_future: ocloc `) ||
		!strings.Contains(err.Error(), `does not know device "no_such_gpu"`) || strings.Contains(err.Error(), "(version unknown)") {
		t.Errorf("unknown device: want one line with the target and ocloc's version, got %v", err)
	}
}
