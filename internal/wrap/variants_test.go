package wrap

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/props"
)

// variantTable writes a table of device_if variants of one kernel: each (has, lacks)
// pair is one image file with those lists and the given requirement aspects.
func variantTable(t *testing.T, variants [][3][]uint32) string {
	t.Helper()
	dir := t.TempDir()
	var rows strings.Builder
	rows.WriteString("[Code|Properties|Symbols]\n")
	for i, v := range variants {
		name := string(rune('a' + i))
		os.WriteFile(filepath.Join(dir, name+".spv"), []byte("spv-"+name), 0o644)
		req := &props.Set{Name: props.DeviceRequirements}
		req.AddU32Array("aspects", v[2])
		dif := &props.Set{Name: props.DeviceIfSet}
		dif.AddU32Array("has", v[0])
		dif.AddU32Array("lacks", v[1])
		reg := &props.Registry{Sets: []*props.Set{req, dif}}
		os.WriteFile(filepath.Join(dir, name+".prop"), []byte(reg.String()), 0o644)
		os.WriteFile(filepath.Join(dir, name+".sym"), []byte("_ZTS1K\n"), 0o644)
		rows.WriteString(name + ".spv|" + name + ".prop|" + name + ".sym\n")
	}
	table := filepath.Join(dir, "t.table")
	os.WriteFile(table, []byte(rows.String()), 0o644)
	return table
}

// TestExpandDeviceIf: the variants "11" (fp16, fp64), "1x" merged... here: a, has fp16
// lacks nothing with fp64 free (covers 11 and 10); b, has fp64 lacks fp16 (01); c, lacks
// both (00). Expanded: one entry per outcome, most capable first (11, 10, 01, 00), each
// requiring its outcome's aspects on top of its own, a and its two entries sharing bytes.
func TestExpandDeviceIf(t *testing.T) {
	const fp16, fp64, gpu = 5, 6, 2
	table := variantTable(t, [][3][]uint32{
		{{fp16}, nil, {fp16}},
		{{fp64}, {fp16}, {fp64}},
		{nil, {fp16, fp64}, {gpu}},
	})
	imgs, err := load(Input{Target: "spir64", Format: FormatSPIRV, Table: table})
	if err != nil {
		t.Fatal(err)
	}
	out, err := expandDeviceIf(imgs)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		file     string
		req, has []uint32
		lacks    []uint32
	}
	var got []row
	for _, img := range out {
		req, _ := img.props.Set(props.DeviceRequirements).Get("aspects")
		has, _ := img.props.Set(props.DeviceIfSet).Get("has")
		lacks, _ := img.props.Set(props.DeviceIfSet).Get("lacks")
		r, _ := req.U32Array()
		h, _ := has.U32Array()
		l, _ := lacks.U32Array()
		got = append(got, row{filepath.Base(img.binary), r, h, l})
	}
	want := []row{
		{"a.spv", []uint32{fp16, fp64}, []uint32{fp16, fp64}, []uint32{}},
		{"a.spv", []uint32{fp16}, []uint32{fp16}, []uint32{fp64}},
		{"b.spv", []uint32{fp64}, []uint32{fp64}, []uint32{fp16}},
		{"c.spv", []uint32{gpu}, []uint32{}, []uint32{fp16, fp64}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("expanded:\n got %v\nwant %v", got, want)
	}

	// In the C source the two entries of a.spv point at one byte array.
	src, err := GenerateWith("p", []Input{{Target: "spir64", Format: FormatSPIRV, Table: table}},
		Options{ImageVersion: ImageVersionNoManifest, DeviceIfAsRequirements: true})
	if err != nil {
		t.Fatal(err)
	}
	c := string(src)
	if n := strings.Count(c, "_bin[] __attribute__"); n != 3 {
		t.Errorf("%d byte arrays for 3 image files", n)
	}
	if !strings.Contains(c, "  {3, 4, 2, \"spir64\", \"\", \"\", img0_bin, img0_bin + sizeof(img0_bin), img1_entries,") {
		t.Errorf("the second entry of a.spv does not share img0_bin:\n%s", c)
	}
}

// TestExpandDeviceIfLeavesOthers: images without device_if keep their place and bytes,
// and without the option nothing is expanded.
func TestExpandDeviceIfLeavesOthers(t *testing.T) {
	src, err := GenerateWith("t", []Input{{Target: "spir64", Format: FormatSPIRV, Table: "testdata/spir.table"}},
		Options{ImageVersion: ImageVersion, DeviceIfAsRequirements: true})
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := Generate("t", []Input{{Target: "spir64", Format: FormatSPIRV, Table: "testdata/spir.table"}})
	if string(src) != string(plain) {
		t.Error("an image without device_if changed")
	}
}

// TestNativeImagesDropDeviceIf: a native image is the variant its target's configuration
// decided, so its rsycl/device_if set is not handed to the runtime; a JIT image keeps it.
func TestNativeImagesDropDeviceIf(t *testing.T) {
	table := variantTable(t, [][3][]uint32{{{6}, {5}, {6}}})
	for _, c := range []struct {
		format int
		keeps  bool
	}{{FormatNative, false}, {FormatSPIRV, true}} {
		imgs, err := load(Input{Target: "spir64_gen", Format: c.format, Table: table})
		if err != nil {
			t.Fatal(err)
		}
		if got := imgs[0].props.Set(props.DeviceIfSet) != nil; got != c.keeps {
			t.Errorf("format %d: the image keeps its device_if set: %v, want %v", c.format, got, c.keeps)
		}
		if imgs[0].props.Set(props.DeviceRequirements) == nil {
			t.Errorf("format %d: the requirements were dropped too", c.format)
		}
	}
}
