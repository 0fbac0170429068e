package devconfig

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/props"
)

func TestBuiltinFacts(t *testing.T) {
	c := Default()
	get := func(n string) *Target {
		tg, ok := c.Lookup(n)
		if !ok {
			t.Fatalf("%s missing", n)
		}
		return tg
	}
	has := func(tg *Target, a string) bool {
		for _, x := range tg.Aspects {
			if x == a {
				return true
			}
		}
		return false
	}
	if !has(get("intel_gpu_pvc"), "fp64") || has(get("intel_gpu_acm_g10"), "fp64") || has(get("intel_gpu_tgllp"), "fp64") {
		t.Error("fp64: pvc has it, acm_g10 and tgllp do not")
	}
	for alias, target := range map[string]string{
		"intel_gpu_12_0_0": "intel_gpu_tgllp", "intel_gpu_tgl": "intel_gpu_tgllp",
		"intel_gpu_12_60_7": "intel_gpu_pvc", "intel_gpu_dg2_g10": "intel_gpu_acm_g10",
	} {
		if get(alias).Name != target {
			t.Errorf("%s -> %s, want %s", alias, get(alias).Name, target)
		}
	}
	if s := get("intel_gpu_pvc").SubGroupSizes; len(s) != 2 || s[0] != 16 {
		t.Errorf("pvc sub-groups %v", s)
	}
	nv := get("nvidia_gpu_sm_90")
	if !nv.MaySupportOther || nv.Triple != "nvptx64" || !has(nv, "fp64") || nv.SubGroupSizes[0] != 32 {
		t.Errorf("sm_90: %+v", nv)
	}
	if get("amd_gpu_gfx90a").SubGroupSizes[0] != 64 {
		t.Error("gfx90a sub-group 64")
	}
	p := get("pocl_cpu")
	if !has(p, "fp64") || has(p, "fp16") || has(p, "atomic64") || len(p.SubGroupSizes) != 0 {
		t.Errorf("pocl_cpu: %+v", p)
	}
	for _, g := range []string{"spir64", "spir64_gen"} {
		if tg := get(g); len(tg.Aspects) != 0 || !tg.MaySupportOther {
			t.Errorf("%s must be generic", g)
		}
	}
	for _, sm := range []string{"50", "60", "70", "75", "80", "86", "89", "90", "90a"} {
		get("nvidia_gpu_sm_" + sm)
	}
}

// The YAML printed by `devices` reads back to the same configuration.
func TestPrintedYAMLReadsBack(t *testing.T) {
	c := Default()
	again, err := Parse("printed.yaml", c.YAML())
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Targets) != len(c.Targets) || strings.Join(again.Names(), ",") != strings.Join(c.Names(), ",") {
		t.Error("devices output does not read back")
	}
}

func TestMalformedYAML(t *testing.T) {
	bomb := "a: &a [x, x, x, x]\nb: &b [*a, *a, *a, *a]\nc: [*b, *b, *b, *b]\n"
	cases := []struct {
		name, src string
		line      int
		msg       string
	}{
		{"unknown key", "t1:\n  aspects: [fp64]\n  colour: red\n", 3, `unknown key "colour"`},
		{"unknown aspect", "t1:\n  aspects: [fp65]\n", 2, `unknown aspect "fp65"`},
		{"unknown aspect number", "t1:\n  aspects: [999]\n", 2, "unknown aspect number 999"},
		{"duplicate target", "t1:\n  aspects: []\nt1:\n  aspects: []\n", 3, "t1"},
		{"duplicate alias", "t1:\n  aliases: [x]\nt2:\n  aliases: [x]\n", 3, `duplicate target or alias "x"`},
		{"non-numeric size", "t1:\n  sub-group-sizes: [16, big]\n", 2, `sub-group size "big"`},
		{"negative size", "t1:\n  sub-group-sizes: [-8]\n", 2, "not a positive number"},
		{"aspects not a list", "t1:\n  aspects: fp64\n", 2, "must be a list"},
		{"bad bool", "t1:\n  may-support-other-aspects: maybe\n", 2, "true or false"},
		{"bad triple", "t1:\n  triple: mips\n", 2, `triple "mips"`},
		{"bad aot", "t1:\n  aot:\n    compiler: ocloc\n", 3, `unknown aot key "compiler"`},
		{"aot options without a tool", "t1:\n  aot:\n    options: [-O2]\n", 3, `aot options without an aot tool`},
		{"anchor bomb", bomb, 1, "anchors and aliases"},
		{"not a mapping", "- a\n- b\n", 1, "mapping of target names"},
		{"unterminated list", "t1:\n  aspects: [fp64\n", 1, "did not find expected"},
		{"bad indentation", "t1:\n  aspects: [fp64]\n   triple: spir64\n", 1, "did not find expected key"},
		{"empty", "", 1, "empty"},
		{"bad target name", "\"a b\":\n  aspects: []\n", 1, "invalid target name"},
		{"target not a mapping", "t1: [fp64]\n", 1, "expected a mapping"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("bad.yaml", []byte(tc.src))
			var ie *diag.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("err = %v, want an input error", err)
			}
			if ie.File != "bad.yaml" || ie.Line != tc.line || !strings.Contains(ie.Msg, tc.msg) {
				t.Errorf("got %q, want bad.yaml:%d: ...%s", err, tc.line, tc.msg)
			}
		})
	}
	if _, err := Parse("big.yaml", make([]byte, MaxFileSize+1)); err == nil {
		t.Error("oversized file accepted")
	}
}

func TestUserConfigNumbersAndNames(t *testing.T) {
	c, err := Parse("u.yaml", []byte("my_gpu:\n  aspects: [6, fp16]\n  sub-group-sizes: [8]\n  aliases: [mine]\n"))
	if err != nil {
		t.Fatal(err)
	}
	tg, ok := c.Lookup("mine")
	if !ok || strings.Join(tg.Aspects, ",") != "fp64,fp16" || tg.Triple != "spir64" {
		t.Fatalf("%+v", tg)
	}
}

func reqs(aspects []uint32, sg uint32) *props.Set {
	s := &props.Set{Name: props.DeviceRequirements}
	s.AddU32Array("aspects", aspects)
	if sg != 0 {
		s.AddU32("reqd_sub_group_size", sg)
	}
	return s
}

func TestCheck(t *testing.T) {
	c := Default()
	tgl, _ := c.Lookup("intel_gpu_tgllp")
	pvc, _ := c.Lookup("intel_gpu_pvc")
	sm90, _ := c.Lookup("nvidia_gpu_sm_90")
	for _, tc := range []struct {
		t      *Target
		r      *props.Set
		mode   Mode
		ok     bool
		reason string
	}{
		{tgl, reqs([]uint32{6}, 0), Specification, false, "Required aspect fp64 is not supported on the device"},
		{pvc, reqs([]uint32{6, 28}, 16), Specification, true, ""},
		{pvc, reqs(nil, 8), Specification, false, "Sub-group size 8 is not supported on the device"},
		{tgl, reqs(nil, 8), Specification, true, ""},
		{sm90, reqs([]uint32{53}, 0), Specification, false, "Required aspect ext_intel_esimd is not supported on the device"},
		{sm90, reqs([]uint32{53}, 0), DPCPP, true, ""}, // may support other aspects
		{pvc, nil, Specification, true, ""},
	} {
		ok, why := tc.t.Check(tc.r, tc.mode)
		if ok != tc.ok || why != tc.reason {
			t.Errorf("%s: got %v %q, want %v %q", tc.t.Name, ok, why, tc.ok, tc.reason)
		}
	}
}

// TestHostileFiles: a second YAML document (even a valid one) is an error, and an
// endless file is cut off at the size limit instead of being read into memory.
func TestHostileFiles(t *testing.T) {
	if _, err := Parse("d.yaml", []byte("g:\n  aspects: []\n---\nh:\n  aspects: [fp64]\n")); err == nil ||
		!strings.Contains(err.Error(), "d.yaml:3: a second YAML document") {
		t.Errorf("second document: %v", err)
	}
	_, err := Load("/dev/zero", ReadFile)
	if err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("/dev/zero: %v", err)
	}
}

// TestSpecificationTargetNames: the specification's target names resolve as aliases.
func TestSpecificationTargetNames(t *testing.T) {
	cfg := Default()
	for alias, want := range map[string]string{
		"intel_gpu_12_0": "intel_gpu_tgllp",
		"intel_gpu_tgl":  "intel_gpu_tgllp",
		"intel_gpu_12":   "spir64_gen",
		"ptx64":          "nvidia_gpu_sm_50",
		"spir64":         "spir64",
	} {
		got, ok := cfg.Lookup(alias)
		if !ok || got.Name != want {
			t.Errorf("%s: got %v, want %s", alias, got, want)
		}
	}
}

// TestPlatformLacksMatchesTargets: a platform's missing aspects are missing from its
// built-in target too, and name known aspects.
func TestPlatformLacksMatchesTargets(t *testing.T) {
	cfg := Default()
	for _, pl := range PlatformLacks {
		tg, ok := cfg.Lookup(pl.Target)
		if !ok {
			t.Fatalf("%s: no target %s", pl.Platform, pl.Target)
		}
		for _, a := range pl.Aspects {
			for _, have := range tg.Aspects {
				if have == a {
					t.Errorf("%s lacks %s, but target %s lists it", pl.Platform, a, pl.Target)
				}
			}
		}
	}
}

// TestImageLabel: the report and RSYCL_TRACE call an image by its descriptor target and
// format, whatever tool made it (pocl_cpu's images are spir64 SPIR 1.2 bitcode).
func TestImageLabel(t *testing.T) {
	for tool, want := range map[string]string{
		"":           "spir64, SPIR-V",
		"llvm-spirv": "spir64, SPIR 1.2 bitcode",
		"ocloc":      "spir64_gen, native binary",
		"amdgcn":     "amdgcn, native binary",
	} {
		if got := ImageLabel(tool); got != want {
			t.Errorf("ImageLabel(%q) = %q, want %q", tool, got, want)
		}
	}
}

// TestYAMLRoundTrip: every printed configuration reads back to the same configuration:
// the built-in one, and targets whose options hold commas, '#', ']', quotes and spaces.
func TestYAMLRoundTrip(t *testing.T) {
	tricky := `odd_gpu:
  aspects: [gpu, fp16]
  sub-group-sizes: [8, 16]
  triple: spir64_gen
  aot:
    tool: ocloc
    options: ["-device", "pvc", "-DPAIR=1,2", "-options", "-cl-std=CL2.0 # not a comment", "a]b", "q\"uote", "tab\there"]
`
	for name, src := range map[string][]byte{"builtin": builtinYAML, "tricky": []byte(tricky)} {
		c1, err := Parse(name+".yaml", src)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out := c1.YAML()
		c2, err := Parse(name+"-printed.yaml", out)
		if err != nil {
			t.Fatalf("%s: the printed configuration does not read back: %v\n%s", name, err, out)
		}
		if len(c1.Targets) != len(c2.Targets) {
			t.Fatalf("%s: %d targets, read back %d", name, len(c1.Targets), len(c2.Targets))
		}
		for i := range c1.Targets {
			a, b := *c1.Targets[i], *c2.Targets[i]
			a.Line, b.Line = 0, 0
			if !reflect.DeepEqual(a, b) {
				t.Errorf("%s: target %s reads back as\n%+v\nwant\n%+v", name, a.Name, b, a)
			}
		}
	}
}

// TestDuplicateAOTKeys: a repeated key inside aot: is an error at its line.
func TestDuplicateAOTKeys(t *testing.T) {
	for _, key := range []string{"tool: ocloc", "options: [-x]"} {
		src := "g:\n  triple: spir64_gen\n  aot:\n    tool: ocloc\n    options: [-device, pvc]\n    " + key + "\n"
		_, err := Parse("d.yaml", []byte(src))
		if err == nil || !strings.HasPrefix(err.Error(), "d.yaml:6: target g: duplicate aot key") {
			t.Errorf("%s twice: %v", key, err)
		}
	}
}

// TestFileOptionsRefused: an AOT option that names the tool's input or output (ocloc's
// -output ../x would write outside the aot step's directory) is an error at its line.
func TestFileOptionsRefused(t *testing.T) {
	src := "g:\n  triple: spir64_gen\n  aot:\n    options:\n      - -device\n      - pvc\n      - -output\n      - ../x\n    tool: ocloc\n"
	_, err := Parse("o.yaml", []byte(src))
	if err == nil || !strings.HasPrefix(err.Error(), `o.yaml:7: target g: aot option "-output" names a file of ocloc`) {
		t.Errorf("got %v", err)
	}
	if _, err := Parse("ok.yaml", []byte("p:\n  aot:\n    tool: llvm-spirv\n    options: [-r, --spirv-target-env=CL1.2]\n")); err != nil {
		t.Errorf("pocl_cpu's own options refused: %v", err)
	}
}

// TestCheckRowDeviceIf: a native target keeps only the device_if variant its
// configuration gives (tgllp lacks fp64, pvc has it); a JIT target keeps every variant
// it can run.
func TestCheckRowDeviceIf(t *testing.T) {
	c := Default()
	variant := func(has, lacks []uint32) *props.Registry {
		reg := &props.Registry{}
		s := reg.Add(props.DeviceIfSet)
		s.AddU32Array("has", has)
		s.AddU32Array("lacks", lacks)
		return reg
	}
	const fp64 = 6
	for _, tc := range []struct {
		target     string
		has, lacks []uint32
		want       bool
	}{
		{"intel_gpu_tgllp", []uint32{fp64}, nil, false},
		{"intel_gpu_tgllp", nil, []uint32{fp64}, true},
		{"intel_gpu_pvc", []uint32{fp64}, nil, true},
		{"intel_gpu_pvc", nil, []uint32{fp64}, false},
		{"spir64_gen", nil, []uint32{fp64}, true}, // lists no aspect: every condition is false
		{"spir64_gen", []uint32{fp64}, nil, false},
		{"spir64", []uint32{fp64}, nil, true}, // JIT: the runtime chooses
		{"spir64", nil, []uint32{fp64}, true},
		{"pocl_cpu", nil, []uint32{fp64}, true},
	} {
		tg, _ := c.Lookup(tc.target)
		ok, why := tg.CheckRow(variant(tc.has, tc.lacks), reqs(nil, 0), DPCPP)
		if ok != tc.want {
			t.Errorf("%s, has %v lacks %v: %v (%s), want %v", tc.target, tc.has, tc.lacks, ok, why, tc.want)
		}
	}
}

// Every front end's record is one the Starlark step mapping (sycl/private/front_ends.bzl)
// knows, and every family names front ends that exist.
func TestFrontEndRecords(t *testing.T) {
	compilers := map[string]bool{"clang": true, "dpcpp-driver": true, "sycl-jit-fe": true}
	propagation := map[string]bool{"full": true, "calls": true, "none": true}
	names := map[string]bool{}
	for _, f := range FrontEnds {
		names[f.Name] = true
		if !compilers[f.Compiler] || !propagation[f.Propagation] || f.Refusal == "" {
			t.Errorf("front end %s: compiler %q, propagation %q, refusal %q", f.Name, f.Compiler, f.Propagation, f.Refusal)
		}
		// Upstream clang's pipeline (full propagation) has neither DPC++'s device
		// libraries nor its integration headers.
		if f.Propagation == "full" && (f.DeviceLibraries || f.IntegrationHeaders) {
			t.Errorf("front end %s: upstream clang's pipeline with DPC++'s libraries or headers", f.Name)
		}
	}
	for _, fam := range Families {
		for _, fe := range fam.FrontEnds {
			if !names[fe] {
				t.Errorf("family %s: front end %q has no record", fam.Triple, fe)
			}
		}
	}
}
