package gen

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/wrap"
)

var (
	tablesHeader     = flag.String("tables_header", "../../"+TablesPath, "path of the checked-in runtime tables header")
	descriptorHeader = flag.String("descriptor_header", "../../"+wrap.HeaderPath, "path of the checked-in descriptor header")
	extlibsHeader    = flag.String("extlibs_header", "../../"+ExternalLibrariesPath, "path of the checked-in external libraries header")
	nvptxMath        = flag.String("nvptx_math", "../../"+NVPTXMathPath, "path of the checked-in NVPTX math list")
	update           = flag.Bool("update", false, "rewrite the checked-in generated files")
)

// checkGenerated compares a checked-in generated file with its generator's text (and
// rewrites it with -update).
func checkGenerated(t *testing.T, path, name string, want []byte) {
	t.Helper()
	if _, err := os.Stat(path); err != nil && os.Getenv("TEST_SRCDIR") != "" {
		path = filepath.Join(os.Getenv("TEST_SRCDIR"), os.Getenv("TEST_WORKSPACE"), path)
	}
	if *update {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Fatalf("%s is stale: run `go test ./internal/gen -update`", name)
	}
}

// TestDescriptorHeaderIsCurrent: runtime/sycl_descriptor.h is exactly the declaration
// every wrapper starts with (wrap.DescriptorHeader).
func TestDescriptorHeaderIsCurrent(t *testing.T) {
	checkGenerated(t, *descriptorHeader, wrap.HeaderPath, wrap.DescriptorHeader())
}

// TestTablesHeaderIsCurrent: runtime/sycl_tables.h is exactly TablesHeader().
func TestTablesHeaderIsCurrent(t *testing.T) {
	checkGenerated(t, *tablesHeader, TablesPath, TablesHeader())
}

// TestExternalLibrariesHeaderIsCurrent: DPC++'s device compile's table of the libraries
// rules_sycl does not provide is exactly ExternalLibrariesHeader().
// TestNVPTXMathIsCurrent: the NVPTX builtins define every math built-in devicemath writes.
func TestNVPTXMathIsCurrent(t *testing.T) {
	checkGenerated(t, *nvptxMath, NVPTXMathPath, NVPTXMath())
}

func TestExternalLibrariesHeaderIsCurrent(t *testing.T) {
	checkGenerated(t, *extlibsHeader, ExternalLibrariesPath, ExternalLibrariesHeader())
}

func TestTraits(t *testing.T) {
	c := devconfig.Default()
	get := func(names ...string) []*devconfig.Target {
		var out []*devconfig.Target
		for _, n := range names {
			tg, _ := c.Lookup(n)
			out = append(out, tg)
		}
		return out
	}
	find := func(tr []Trait, name string) Trait {
		for _, x := range tr {
			if x.Aspect.Name == name {
				return x
			}
		}
		t.Fatalf("no trait %s", name)
		return Trait{}
	}
	tr := Traits(get("intel_gpu_tgllp", "intel_gpu_pvc"))
	if f := find(tr, "fp64"); !f.AnyDeviceHas || f.AllDevicesHave {
		t.Errorf("fp64 over tgllp+pvc: %+v", f)
	}
	if f := find(tr, "fp16"); !f.AnyDeviceHas || !f.AllDevicesHave {
		t.Errorf("fp16: %+v", f)
	}
	if f := find(Traits(get("pocl_cpu")), "fp16"); f.AnyDeviceHas {
		t.Errorf("pocl_cpu has no fp16: %+v", f)
	}
	// A target that may support other aspects makes every aspect possible.
	if f := find(Traits(get("pocl_cpu", "spir64")), "ext_intel_esimd"); !f.AnyDeviceHas || f.AllDevicesHave {
		t.Errorf("spir64 may support others: %+v", f)
	}
	h := string(TraitsHeader([]string{"pocl_cpu"}, Traits(get("pocl_cpu"))))
	for _, want := range []string{"#define __SYCL_ANY_DEVICE_HAS_fp64__ 1", "#define __SYCL_ANY_DEVICE_HAS_fp16__ 0",
		"template <> inline constexpr bool any_device_has_v<aspect::fp64> = true;"} {
		if !strings.Contains(h, want) {
			t.Errorf("header lacks %q", want)
		}
	}
}
