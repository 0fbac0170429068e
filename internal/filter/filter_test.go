package filter

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/filetable"
	"github.com/rules-sycl/rules_sycl/internal/props"
	"github.com/rules-sycl/rules_sycl/internal/report"
)

func writeFiles(t *testing.T, dir string, files map[string]string) {
	for n, c := range files {
		p := filepath.Join(dir, n)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func propText(aspects []uint32, sg uint32) string {
	reg := &props.Registry{}
	reg.Add(props.DeviceLibReqMask).AddU32("DeviceLibReqMask", 0)
	s := reg.Add(props.DeviceRequirements)
	s.AddU32Array("aspects", aspects)
	if sg != 0 {
		s.AddU32("reqd_sub_group_size", sg)
	}
	return reg.String()
}

func TestFilterAlgorithm(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"in/t.table":     "[Code|Properties|Symbols]\na.ll|a.prop|a.sym\nb.ll|b.prop|b.sym\nc.ll|c.prop|c.sym\nd.ll|d.prop|d.sym\n",
		"in/a.prop":      propText([]uint32{6}, 0),
		"in/b.prop":      propText(nil, 8),
		"in/c.prop":      "[SYCL/devicelib req mask]\nDeviceLibReqMask=1|0\n",
		"in/d.prop":      propText([]uint32{5}, 0),
		"in/plain.table": "[Code|Symbols]\na.ll|a.sym\n",
		"in/bad.table":   "[Code|Properties]\na.ll|../outside.prop\n",
		"in/abs.table":   "[Code|Properties]\na.ll|/etc/passwd\n",
		"in/miss.table":  "[Code|Properties]\na.ll|missing.prop\n",
	})
	cfg := devconfig.Default()
	tgl, _ := cfg.Lookup("intel_gpu_tgllp")
	pvc, _ := cfg.Lookup("intel_gpu_pvc")
	got, err := Filter(filepath.Join(dir, "in/t.table"), tgl, false, filepath.Join(dir, "t.tgl.table"))
	if err != nil {
		t.Fatal(err)
	}
	// a (fp64) dropped; b (sub-group 8) kept; c (no requirements set) kept; d (fp16) kept.
	want := "[Code|Properties|Symbols]\nin/b.ll|in/b.prop|in/b.sym\nin/c.ll|in/c.prop|in/c.sym\nin/d.ll|in/d.prop|in/d.sym\n"
	if string(got.Bytes()) != want {
		t.Errorf("tgllp:\n%s", got.Bytes())
	}
	got, _ = Filter(filepath.Join(dir, "in/t.table"), pvc, false, filepath.Join(dir, "in/t.pvc.table"))
	if want := "[Code|Properties|Symbols]\na.ll|a.prop|a.sym\nc.ll|c.prop|c.sym\nd.ll|d.prop|d.sym\n"; string(got.Bytes()) != want {
		t.Errorf("pvc:\n%s", got.Bytes())
	}
	got, _ = Filter(filepath.Join(dir, "in/plain.table"), tgl, false, filepath.Join(dir, "in/o.table"))
	if string(got.Bytes()) != "[Code|Symbols]\na.ll|a.sym\n" {
		t.Errorf("no Properties column must copy: %s", got.Bytes())
	}
	for _, bad := range []string{"bad", "abs", "miss"} {
		_, err := Filter(filepath.Join(dir, "in", bad+".table"), tgl, false, filepath.Join(dir, "in/o.table"))
		var ie *diag.InputError
		if !errors.As(err, &ie) || ie.Line != 2 {
			t.Errorf("%s: %v, want an error at line 2", bad, err)
		}
	}
	sg, _ := devconfig.Parse("x", []byte("only_fp64:\n  aspects: [fp64]\n"))
	only, _ := sg.Lookup("only_fp64")
	got, err = Filter(filepath.Join(dir, "in/t.table"), only, false, filepath.Join(dir, "in/e.table"))
	// a (fp64) fits; b needs sub-group 8, which the target lacks; d needs fp16.
	if err != nil || len(got.Rows) != 2 || got.Rows[0][0] != "a.ll" || got.Rows[1][0] != "c.ll" {
		t.Errorf("sub-group filtering: %v %v", got, err)
	}
	none, _ := devconfig.Parse("x", []byte("nothing:\n  aspects: []\n"))
	nt, _ := none.Lookup("nothing")
	if got, err := Filter(filepath.Join(dir, "in/plain.table"), nt, false, filepath.Join(dir, "in/p.table")); err != nil || len(got.Rows) != 1 {
		t.Errorf("copy: %v", err)
	}
	onlyB, _ := devconfig.Parse("x", []byte("gpu8:\n  aspects: []\n  sub-group-sizes: [16]\n"))
	g8, _ := onlyB.Lookup("gpu8")
	fa := filepath.Join(dir, "in/fa.table")
	writeFiles(t, dir, map[string]string{"in/fa.table": "[Code|Properties]\na.ll|a.prop\n"})
	if got, err := Filter(fa, g8, false, filepath.Join(dir, "in/empty.table")); err != nil || len(got.Rows) != 0 || string(got.Bytes()) != "[Code|Properties]\n" {
		t.Errorf("an empty result must be a valid empty table: %v %q", err, got.Bytes())
	}
	_ = filetable.New
}

func TestFilterDPCPPModeKeepsGenericImages(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"t.table": "[Code|Properties]\na.ll|a.prop\nb.ll|b.prop\n",
		"a.prop":  propText([]uint32{6}, 0),
		"b.prop":  propText([]uint32{5}, 16),
	})
	spir, _ := devconfig.Default().Lookup("spir64")
	got, err := FilterMode(filepath.Join(dir, "t.table"), spir, devconfig.DPCPP, false, filepath.Join(dir, "o.table"))
	if err != nil || len(got.Rows) != 1 {
		t.Errorf("DPC++ mode: spir64 may support other aspects; got %v %v", got, err)
	}
	got, _ = Filter(filepath.Join(dir, "t.table"), spir, false, filepath.Join(dir, "o.table"))
	if len(got.Rows) != 0 {
		t.Errorf("specification mode: spir64 lists no aspect, so nothing fits: %v", got.Rows)
	}
}

// TestFilterAbsoluteOutputRelativeTable: an absolute -o with a relative input table (and
// the reverse) is a valid call; the cells are rewritten relative to the output.
func TestFilterAbsoluteOutputRelativeTable(t *testing.T) {
	dir := t.TempDir()
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	os.Chdir(dir)
	writeFiles(t, dir, map[string]string{"in/t.table": "[Code|Properties]\na.ll|a.prop\n", "in/a.prop": propText(nil, 0)})
	tgl, _ := devconfig.Default().Lookup("intel_gpu_tgllp")
	got, err := Filter("in/t.table", tgl, false, filepath.Join(dir, "in", "o.table"))
	if err != nil || len(got.Rows) != 1 || got.Rows[0][0] != "a.ll" {
		t.Fatalf("absolute -o, relative table: %v %v", err, got)
	}
	got, err = Filter(filepath.Join(dir, "in", "t.table"), tgl, false, "in/o2.table")
	if err != nil || len(got.Rows) != 1 || got.Rows[0][1] != "a.prop" {
		t.Fatalf("relative -o, absolute table: %v %v", err, got)
	}
}

// specPropText writes the specification's spelling of the requirements.
func specPropText(aspects []uint32, sg uint32, wg []uint32) string {
	reg := &props.Registry{}
	s := reg.Add(props.SpecDeviceRequirements)
	s.AddU32Array("aspect", aspects)
	if sg != 0 {
		s.AddU32("reqd_sub_group_size", sg)
	}
	if wg != nil {
		s.AddU32Array("reqd_work_group_size", append([]uint32{uint32(len(wg))}, wg...))
	}
	return reg.String()
}

// TestFilterReadsTheSpecificationSpelling: an fp64 image described in the design
// document's spelling ([SYCL/device-requirements], aspect=) must not pass the tgllp
// filter, nor be "ok" for inspect.
func TestFilterReadsTheSpecificationSpelling(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"t.table":   "[Code|Properties]\nfp64.ll|fp64.prop\nsg64.ll|sg64.prop\nwg.ll|wg.prop\nbad.ll|bad.prop\n",
		"fp64.prop": specPropText([]uint32{6}, 0, nil),
		"sg64.prop": specPropText(nil, 64, nil),
		"wg.prop":   specPropText(nil, 16, []uint32{8, 4}),
		"bad.prop":  "[SYCL/device-requirements]\nreqd_work_group_size=2|AAAAAAAAAAA\n",
		"ok.table":  "[Code|Properties]\nfp64.ll|fp64.prop\nsg64.ll|sg64.prop\nwg.ll|wg.prop\n",
	})
	tgl, _ := devconfig.Default().Lookup("intel_gpu_tgllp")
	_, err := Filter(filepath.Join(dir, "t.table"), tgl, false, filepath.Join(dir, "out.table"))
	if err == nil || !strings.Contains(err.Error(), "t.table:5: bad.prop: [SYCL/device-requirements] reqd_work_group_size is not <dim_count> <dims...>") {
		t.Errorf("malformed spec set: got %v", err)
	}
	got, err := Filter(filepath.Join(dir, "ok.table"), tgl, false, filepath.Join(dir, "out.table"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "[Code|Properties]\nwg.ll|wg.prop\n"; string(got.Bytes()) != want {
		t.Errorf("tgllp keeps:\n%s\nwant:\n%s", got.Bytes(), want)
	}
	var out strings.Builder
	if err := report.Inspect(&out, filepath.Join(dir, "ok.table"), tgl, false); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"fp64.ll\t-\tfp64\t", "wg.ll\t-\t(none)\t16\t8x4\tok", "Required aspect fp64 is not supported on the device", "Sub-group size 64 is not supported on the device"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("inspect lacks %q:\n%s", want, out.String())
		}
	}
}
