package imagecompile

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/props"
	"github.com/rules-sycl/rules_sycl/internal/specconst"
	"github.com/rules-sycl/rules_sycl/internal/testutil"
)

// TestSpecConstsPerTarget: one image that reads three specialization constants, compiled
// for a JIT SPIR-V target (native: SPIR-V specialization constants) and
// for PoCL's SPIR 1.2 (emulation: loads from the kernel's buffer), both with the default blob,
// with the real tools; the properties carry the sets libsycl reads.
func TestSpecConstsPerTarget(t *testing.T) {
	tools := Tools{LLC: testutil.Tool(*llcFlag, "llc-22", "llc"), Binaries: map[string]string{"llvm-spirv": testutil.Tool(*llvmSpirvFlag, "llvm-spirv-15")}}
	if tools.LLC == "" || tools.Binaries["llvm-spirv"] == "" {
		t.Skip("llc-22 or llvm-spirv-15 not found")
	}
	src, err := os.ReadFile("testdata/specconst.ll")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "t.table"), []byte("[Code|Properties|Symbols]\na.ll|a.prop|a.sym\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.ll"), src, 0o644)
	os.WriteFile(filepath.Join(dir, "a.sym"), []byte("_ZTS5Scale\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.prop"), []byte("[SYCL/device requirements]\n"), 0o644)
	for _, tc := range []struct {
		target, image string
		defaults      bool
	}{
		// The defaults in both modes: libsycl compares set values with them.
		{"spir64", "a.spv", true},
		{"pocl_cpu", "a.bc", true},
	} {
		out := filepath.Join(dir, tc.target)
		var log bytes.Buffer
		if err := Compile(&cli.Env{Stdout: &log, Stderr: &log}, filepath.Join(dir, "t.table"), target(t, tc.target), tools, out, false); err != nil {
			t.Fatalf("%s: %v\n%s", tc.target, err, log.String())
		}
		data, err := os.ReadFile(filepath.Join(out, "a.prop"))
		if err != nil {
			t.Fatal(err)
		}
		reg, err := props.Parse("a.prop", data)
		if err != nil {
			t.Fatal(err)
		}
		set := reg.Set(specconst.SetName)
		if set == nil || len(set.Props) != 3 {
			t.Fatalf("%s: properties %s", tc.target, data)
		}
		if got := reg.Set(specconst.DefaultsSetName) != nil; got != tc.defaults {
			t.Errorf("%s: default values set present = %v, want %v", tc.target, got, tc.defaults)
		}
		entries, _ := os.ReadDir(out)
		for _, e := range entries {
			if strings.Contains(e.Name(), "specconst") {
				t.Errorf("%s: staged file %s left in the output", tc.target, e.Name())
			}
		}
		if tc.target == "spir64" {
			if dis := testutil.Tool("", "spirv-dis"); dis != "" {
				text, err := exec.Command(dis, filepath.Join(out, tc.image)).CombinedOutput()
				if err != nil || !strings.Contains(string(text), "SpecId 2") {
					t.Errorf("spir64 image has no SpecId 2: %v\n%s", err, text)
				}
			}
		}
	}
}

// TestSpecConstErrorsNameTheKernel: a read the lowering refuses inside an image (here a
// kernel that passes no buffer, compiled for an emulation target) is reported at the
// kernel's source line from the locations file, naming the image and the kernel, not at a
// line of the image file, which the user never sees.
func TestSpecConstErrorsNameTheKernel(t *testing.T) {
	src, err := os.ReadFile("testdata/specconst.ll")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(src), "noundef %buf)", "noundef null)", 1)
	if bad == string(src) {
		t.Fatal("the edit did not apply")
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "t.table"), []byte("[Code|Properties|Symbols]\na.ll|a.prop|a.sym\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.ll"), []byte(bad), 0o644)
	os.WriteFile(filepath.Join(dir, "a.sym"), []byte("_ZTS5Scale\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.prop"), []byte("[SYCL/device requirements]\n"), 0o644)
	locs := filepath.Join(dir, "k.locs")
	os.WriteFile(locs, []byte("_ZTS5Scale\tapp/scale.cpp:12\n"), 0o644)
	tools := Tools{LLC: "llc", Binaries: map[string]string{"llvm-spirv": "llvm-spirv"}, KernelLocations: locs}
	err = Compile(&cli.Env{Stdout: os.Stderr, Stderr: os.Stderr}, filepath.Join(dir, "t.table"), target(t, "pocl_cpu"), tools, filepath.Join(dir, "out"), false)
	if err == nil || !strings.HasPrefix(err.Error(), "app/scale.cpp:12: ") || !strings.Contains(err.Error(), "is read for emulation") ||
		!strings.Contains(err.Error(), "(in a.ll (kernel Scale (app/scale.cpp:12)))") {
		t.Fatalf("err = %v", err)
	}
}
