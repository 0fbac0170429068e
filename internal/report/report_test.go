package report

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/props"
)

func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for n, c := range files {
		p := filepath.Join(dir, n)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func reqs(aspects []uint32, sg uint32) string {
	reg := &props.Registry{}
	s := reg.Add(props.DeviceRequirements)
	s.AddU32Array("aspects", aspects)
	if sg != 0 {
		s.AddU32("reqd_sub_group_size", sg)
	}
	return reg.String()
}

// Two kernels: a plain one and one needing fp64 (aspect 6). tgllp (no fp64) gets only
// the first; pvc both; spir64 (JIT) both.
func fixture(t *testing.T) (string, []Spec) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"shard/files.table":     "[Code|Properties|Symbols]\na.ll|a.prop|a.sym\nb.ll|b.prop|b.sym\n",
		"shard/a.ll":            "; a\n",
		"shard/a.prop":          reqs(nil, 0),
		"shard/a.sym":           "_ZTS6KPlain\n",
		"shard/b.ll":            "; b\n",
		"shard/b.prop":          reqs([]uint32{6}, 16),
		"shard/b.sym":           "_ZTS6KFloat\n",
		"tgllp/files.table":     "[Code|Properties|Symbols]\na.bin|a.prop|a.sym\n",
		"tgllp/a.bin":           strings.Repeat("x", 2048),
		"tgllp/a.prop":          reqs(nil, 0),
		"tgllp/a.sym":           "_ZTS6KPlain\n",
		"pvc/files.table":       "[Code|Properties|Symbols]\na.bin|a.prop|a.sym\nb.bin|b.prop|b.sym\n",
		"pvc/a.bin":             "aa",
		"pvc/a.prop":            reqs(nil, 0),
		"pvc/a.sym":             "_ZTS6KPlain\n",
		"pvc/b.bin":             "bbb",
		"pvc/b.prop":            reqs([]uint32{6}, 16),
		"pvc/b.sym":             "_ZTS6KFloat\n",
		"spir/files.table":      "[Code|Symbols]\na.spv|a.sym\nb.spv|b.sym\n",
		"spir/a.spv":            "1",
		"spir/a.sym":            "_ZTS6KPlain\n",
		"spir/b.spv":            "2",
		"spir/b.sym":            "_ZTS6KFloat\n",
		"bad/files.table":       "[Code|Symbols]\n../outside.bin|a.sym\n",
		"nosym/files.table":     "[Code|Properties]\na.bin|a.prop\n",
		"missing/files.table":   "[Code|Symbols]\nmissing.bin|missing.sym\n",
		"malformed/files.table": "[Code|Symbols\n",
	})
	shard := filepath.Join(dir, "shard/files.table")
	return dir, []Spec{
		{Target: "spir64", Shard: shard, Images: filepath.Join(dir, "spir/files.table")},
		{Target: "intel_gpu_tgllp", Shard: shard, Images: filepath.Join(dir, "tgllp/files.table")},
		{Target: "intel_gpu_pvc", Shard: shard, Images: filepath.Join(dir, "pvc/files.table")},
	}
}

func TestBuild(t *testing.T) {
	_, specs := fixture(t)
	r, err := Build("//app", devconfig.Default(), specs, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Kernels) != 2 || r.Kernels[0].Name() != "KFloat" || r.Kernels[1].Name() != "KPlain" {
		t.Fatalf("kernels %+v", r.Kernels)
	}
	if len(r.Targets) != 3 || !r.Targets[0].JIT || r.Targets[1].Tool != "ocloc" {
		t.Fatalf("targets %+v %+v", r.Targets[0], r.Targets[1])
	}
	kfloat := r.Cells[0]
	if len(kfloat[0].Images) != 1 || len(kfloat[2].Images) != 1 {
		t.Errorf("KFloat on spir64/pvc: %+v", kfloat)
	}
	if kfloat[1].Images != nil || kfloat[1].Reason != "Required aspect fp64 is not supported on the device" {
		t.Errorf("KFloat on tgllp: %+v", kfloat[1])
	}
	if got := kfloat[2].Images[0].Requirements(); got != "aspects: fp64; sub-group size: 16" {
		t.Errorf("requirements %q", got)
	}
	if c := r.Targets[1]; c.Covered != 1 || c.Images != 1 || c.Bytes != 2048 {
		t.Errorf("tgllp summary %+v", c)
	}
	page, err := r.HTML()
	if err != nil {
		t.Fatal(err)
	}
	s := string(page)
	for _, want := range []string{
		`<th class="target">intel_gpu_tgllp<span class="tool">image: spir64_gen, native binary (ocloc)</span></th>`,
		`<td class="none" title="Required aspect fp64 is not supported on the device">`,
		`title="b.bin (3 B): aspects: fp64; sub-group size: 16"`,
		`1/2 kernels (50%)<br>1 images, 2.0 KiB`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	if n := strings.Count(s, `<tr class="kernel">`); n != 2 {
		t.Errorf("%d kernel rows", n)
	}
	if strings.Contains(s, "<script") || strings.Contains(s, "http") {
		t.Error("the page is not self-contained")
	}
}

func TestBadInput(t *testing.T) {
	dir, specs := fixture(t)
	shard := specs[0].Shard
	for _, c := range []struct {
		images string
		want   string
	}{
		{"bad/files.table", "leaves"},
		{"nosym/files.table", "needs the Code and Symbols columns"},
		{"missing/files.table", "cannot read image missing.bin"},
		{"malformed/files.table", "files.table:1:"},
		{"none/files.table", "cannot read"},
	} {
		_, err := Build("//app", devconfig.Default(), []Spec{{Target: "spir64", Shard: shard, Images: filepath.Join(dir, c.images)}}, false)
		var ie *diag.InputError
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an input error with %q", c.images, err, c.want)
		}
	}
	if _, err := Build("//app", devconfig.Default(), []Spec{{Target: "no_such_gpu", Shard: shard, Images: shard}}, false); err == nil || !strings.Contains(err.Error(), "unknown target") {
		t.Errorf("unknown target: %v", err)
	}
	for _, s := range []string{"a=b", "=b=c", "a=b=c=d", "a==c"} {
		if _, err := ParseSpec(s); err == nil {
			t.Errorf("ParseSpec(%q) accepted", s)
		}
	}
}

// TestUnrunnable: a kernel no target has an image of is named once, with its source line
// and each target's reason; a kernel one target runs is not.
func TestUnrunnable(t *testing.T) {
	r := &Report{
		Kernels: []Kernel{{Symbol: "_ZTS7KDouble", Demangled: "KDouble", Location: "app.cpp:12"}, {Symbol: "_ZTS6KFloat"}},
		Targets: []*Target{{Name: "intel_gpu_tgllp"}, {Name: "pocl_cpu"}},
		Cells: [][]Cell{
			{{Reason: "aspect fp64 not supported"}, {Reason: "not in this target's device code"}},
			{{Reason: "aspect fp16 not supported"}, {Images: []Image{{}}}},
		},
	}
	got := r.Unrunnable("warning")
	want := []string{"app.cpp:12: warning: kernel 'KDouble' gets no image for any requested target, and will fail at run time (intel_gpu_tgllp: aspect fp64 not supported; pocl_cpu: not in this target's device code)"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
