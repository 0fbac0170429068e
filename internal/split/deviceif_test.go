package split_test

import (
	"github.com/rules-sycl/rules_sycl/internal/split"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/filetable"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/internal/props"
	"github.com/rules-sycl/rules_sycl/internal/testutil"
)

// deviceIfModule is testutil's kernel with two device_if conditions and a kernel without.
const deviceIfModule = testutil.DeviceIfTwoTests + "\ndefine spir_kernel void @plain() {\n  ret void\n}\n"

// TestSplitWritesDeviceIfVariants: the split resolves device_if where requirements are
// computed: the image of @k becomes one row per outcome (if11, if10, if01, if00), each
// with the aspects of its kept branches and its outcome, so that the aspect filter
// judges every variant; @plain's image stays one row.
func TestSplitWritesDeviceIfVariants(t *testing.T) {
	m, err := llvmir.Parse("in.ll", []byte(deviceIfModule))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "shard")
	if err := split.SplitShards(m, nil, split.Options{Mode: split.ModeKernel}, split.ImageOptions{}, []string{dir}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, split.TableName))
	if err != nil {
		t.Fatal(err)
	}
	tab, err := filetable.Parse("t", data)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, row := range tab.Rows {
		name := strings.TrimSuffix(row[0], ".ll")
		if i := strings.LastIndex(name, "."); i >= 0 {
			name = name[i+1:]
		} else {
			name = "plain"
		}
		pdata, err := os.ReadFile(filepath.Join(dir, row[1]))
		if err != nil {
			t.Fatal(err)
		}
		reg, err := props.Parse(row[1], pdata)
		if err != nil {
			t.Fatal(err)
		}
		reqs, _ := reg.Requirements()
		var asp []uint32
		if reqs != nil {
			if p, ok := reqs.Get("aspects"); ok {
				asp, _ = p.U32Array()
			}
		}
		got = append(got, name+":"+u32List(asp)+":"+boolStr(reg.Set(props.DeviceIfSet) != nil))
	}
	want := "if11:5,6:true if10:5:true if01:6:true if00::true plain::false"
	if strings.Join(got, " ") != want {
		t.Errorf("rows:\n got %s\nwant %s", strings.Join(got, " "), want)
	}
}

func u32List(v []uint32) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = string(rune('0' + x))
	}
	return strings.Join(s, ",")
}

func boolStr(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// TestSplitRefusesABadConditionAtItsLine: a malformed condition is refused at its line
// of the split's input, before any image is made.
func TestSplitRefusesABadConditionAtItsLine(t *testing.T) {
	bad := strings.Replace(deviceIfModule, "i32 noundef -1, i32 noundef 5)", "i32 noundef -1, i32 noundef 5, i32 noundef 99)", 1)
	m, err := llvmir.Parse("in.ll", []byte(bad))
	if err != nil {
		t.Fatal(err)
	}
	err = split.SplitShards(m, nil, split.Options{Mode: split.ModeKernel}, split.ImageOptions{}, []string{filepath.Join(t.TempDir(), "shard")})
	if err == nil || !strings.HasPrefix(err.Error(), "in.ll:4: ") {
		t.Errorf("err = %v, want one at in.ll:4", err)
	}
}

// TestSplitVirtualFunctionSets: with the JIT flow's sets (-virtual-function-sets), the
// shard holds the kernels' images, which use the set, the set's own image, and, for a
// set that needs optional aspects, its stand-in (".dummy", dummy-image=1).
func TestSplitVirtualFunctionSets(t *testing.T) {
	src, err := os.ReadFile("testdata/virtual_functions.ll")
	if err != nil {
		t.Fatal(err)
	}
	m, err := llvmir.Parse("virtual_functions.ll", src)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "shard")
	if err := split.SplitShards(m, nil, split.Options{Mode: split.ModeAuto, VirtualFunctions: true}, split.ImageOptions{VirtualFunctions: true}, []string{dir}); err != nil {
		t.Fatal(err)
	}
	table, err := os.ReadFile(filepath.Join(dir, split.TableName))
	if err != nil {
		t.Fatal(err)
	}
	var uses, sets, dummies int
	for _, prop := range mustGlob(t, filepath.Join(dir, "*.prop")) {
		data, _ := os.ReadFile(prop)
		reg, err := props.Parse(prop, data)
		if err != nil {
			t.Fatal(err)
		}
		vf := reg.Set(split.VirtualFunctionsSet)
		if vf == nil {
			continue
		}
		if _, ok := vf.Get("uses-virtual-functions-set"); ok {
			uses++
		}
		if _, ok := vf.Get("virtual-functions-set"); ok {
			sets++
		}
		if _, ok := vf.Get("dummy-image"); ok {
			dummies++
			if !strings.HasSuffix(prop, ".dummy.prop") {
				t.Errorf("stand-in %s not named .dummy", prop)
			}
		}
	}
	if uses == 0 || sets == 0 || dummies == 0 {
		t.Errorf("images using a set %d, with a set %d, stand-ins %d; want each > 0:\n%s", uses, sets, dummies, table)
	}
}

func mustGlob(t *testing.T, pattern string) []string {
	t.Helper()
	out, err := filepath.Glob(pattern)
	if err != nil || len(out) == 0 {
		t.Fatalf("nothing matches %s", pattern)
	}
	return out
}
