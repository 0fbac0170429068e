package gen

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"go.starlark.net/starlark"

	"github.com/rules-sycl/rules_sycl/internal/devconfig"
)

var devicesBzl = flag.String("devices_bzl", "../../"+DevicesBzlPath, "path of toolchain/devices.bzl")

// TestDevicesBzlMatchesYAML evaluates toolchain/devices.bzl with go.starlark.net and
// fails when its data differs from the embedded devices.yaml. Regenerate it with
// `sycl-device devices --format=bzl > toolchain/devices.bzl`.
func TestDevicesBzlMatchesYAML(t *testing.T) {
	path := *devicesBzl
	if _, err := os.Stat(path); err != nil && os.Getenv("TEST_SRCDIR") != "" {
		path = filepath.Join(os.Getenv("TEST_SRCDIR"), os.Getenv("TEST_WORKSPACE"), path)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	globals, err := starlark.ExecFile(&starlark.Thread{Name: "devices.bzl"}, path, src, nil)
	if err != nil {
		t.Fatalf("devices.bzl does not evaluate: %v", err)
	}
	dict, ok := globals["DEVICES"].(*starlark.Dict)
	if !ok {
		t.Fatal("devices.bzl has no DEVICES dict")
	}
	type entry struct {
		Aspects, AOTOptions, Aliases []string
		SubGroupSizes                []int
		Other                        bool
		Triple, AOTTool              string
	}
	fromBzl := map[string]entry{}
	var order []string
	for _, item := range dict.Items() {
		name := string(item[0].(starlark.String))
		d := item[1].(*starlark.Dict)
		get := func(k string) starlark.Value {
			v, found, err := d.Get(starlark.String(k))
			if err != nil || !found {
				t.Fatalf("%s: no %s", name, k)
			}
			return v
		}
		strs := func(k string) []string {
			var out []string
			l := get(k).(*starlark.List)
			for i := 0; i < l.Len(); i++ {
				out = append(out, string(l.Index(i).(starlark.String)))
			}
			return out
		}
		var sizes []int
		l := get("sub_group_sizes").(*starlark.List)
		for i := 0; i < l.Len(); i++ {
			n, _ := starlark.AsInt32(l.Index(i))
			sizes = append(sizes, n)
		}
		fromBzl[name] = entry{strs("aspects"), strs("aot_options"), strs("aliases"), sizes,
			bool(get("may_support_other_aspects").(starlark.Bool)),
			string(get("triple").(starlark.String)), string(get("aot_tool").(starlark.String))}
		order = append(order, name)
	}
	fromYAML := map[string]entry{}
	var yamlOrder []string
	for _, tg := range devconfig.Default().Targets {
		fromYAML[tg.Name] = entry{tg.Aspects, tg.AOT.Options, tg.Aliases, tg.SubGroupSizes, tg.MaySupportOther, tg.Triple, tg.AOT.Tool}
		yamlOrder = append(yamlOrder, tg.Name)
	}
	norm := func(m map[string]entry) map[string]string {
		out := map[string]string{}
		for k, v := range m {
			out[k] = fmt.Sprintf("aspects=%v sub-groups=%v other=%v triple=%s aot=%s %v aliases=%v", v.Aspects, v.SubGroupSizes, v.Other, v.Triple, v.AOTTool, v.AOTOptions, v.Aliases)
		}
		return out
	}
	if !reflect.DeepEqual(norm(fromBzl), norm(fromYAML)) || !reflect.DeepEqual(order, yamlOrder) {
		for k, v := range norm(fromYAML) {
			if norm(fromBzl)[k] != v {
				t.Errorf("target %s differs:\n  devices.bzl: %s\n  devices.yaml: %s", k, norm(fromBzl)[k], v)
			}
		}
		t.Fatal("toolchain/devices.bzl is stale: run `sycl-device devices --format=bzl > toolchain/devices.bzl`")
	}
	// The tables below DEVICES (TRIPLES, AOT_TOOLS) too: the file is exactly what
	// `sycl-device devices --format=bzl` prints.
	if want := DevicesBzl(devconfig.Default()); string(src) != string(want) {
		t.Fatal("toolchain/devices.bzl differs from `sycl-device devices --format=bzl` (TRIPLES or AOT_TOOLS changed?): regenerate it")
	}
}
