package imagecompile

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/props"
)

// spirvExt is llc's extension option for the images of the family of triple.
func spirvExt(triple string) string {
	f, _ := devconfig.LookupFamily(triple)
	return "--spirv-ext=+" + strings.Join(LLCExtensions(f), ",+")
}

var tools = Tools{LLC: "llc", Binaries: map[string]string{"llvm-spirv": "llvm-spirv", "ocloc": "ocloc", "opencl-aot": "opencl-aot", "lld": "ld.lld"}}

func target(t *testing.T, name string) *devconfig.Target {
	t.Helper()
	if name == "spir64_x86_64" {
		// Not built in (no opencl-aot here): as a oneAPI user declares it.
		return &devconfig.Target{Name: name, MaySupportOther: true, Triple: "spir64_x86_64", AOT: devconfig.AOT{Tool: "opencl-aot"}}
	}
	ts, err := devconfig.LoadTargets("", name)
	if err != nil {
		t.Fatal(err)
	}
	return ts[0]
}

// TestPlanPerFamily: the commands of each AOT tool family, for a built-in target of it.
func TestPlanPerFamily(t *testing.T) {
	cases := []struct {
		target string
		out    string
		want   []command
	}{
		{"spir64", "o/x.spv", []command{{"llc", []string{"-mtriple=spirv64-unknown-unknown", "-filetype=obj", spirvExt("spir64"), "./in.ll", "-o", "./o/x.spv"}}}},
		{"pocl_cpu", "o/x.bc", []command{
			{"llc", []string{"-mtriple=spirv64-unknown-unknown", "-filetype=obj", spirvExt("spir64"), "./in.ll", "-o", "./o/x.bc.spv"}},
			{"llvm-spirv", []string{"-r", "--spirv-target-env=CL1.2", "./o/x.bc.spv", "-o", "./o/x.bc"}},
		}},
		{"nvidia_gpu_sm_90", "o/x.ptx", []command{{"llc", []string{"-mtriple=nvptx64-nvidia-cuda", "-mcpu=sm_90", "-mattr=+ptx80", "./in.ll", "-o", "./o/x.ptx"}}, {"sycl-device", []string{"nul-terminate", "./o/x.ptx"}}}},
		{"intel_gpu_tgllp", "o/x.bin", []command{
			{"llc", []string{"-mtriple=spirv64-unknown-unknown", "-filetype=obj", spirvExt("spir64_gen"), "./in.ll", "-o", "./o/x.bin.spv"}},
			{"ocloc", []string{"compile", "-spirv_input", "-file", "./o/x.bin.spv", "-output", "./o/x.bin", "-output_no_suffix", "-device", "tgllp"}},
		}},
		{"amd_gpu_gfx90a", "o/x.hsaco", []command{
			{"llc", []string{"-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx90a", "-relocation-model=pic", "-filetype=obj", "./in.ll", "-o", "./o/x.hsaco.o"}},
			{"ld.lld", []string{"-shared", "-Bsymbolic", "./o/x.hsaco.o", "-o", "./o/x.hsaco"}},
		}},
		{"spir64_x86_64", "o/x.bin", []command{
			{"llc", []string{"-mtriple=spirv64-unknown-unknown", "-filetype=obj", spirvExt("spir64_x86_64"), "./in.ll", "-o", "./o/x.bin.spv"}},
			{"opencl-aot", []string{"--device=cpu", "./o/x.bin.spv", "-o", "./o/x.bin"}},
		}},
	}
	for _, tc := range cases {
		got, err := Plan(target(t, tc.target), tools, "in.ll", tc.out)
		if err != nil {
			t.Errorf("%s: %v", tc.target, err)
			continue
		}
		if !reflect.DeepEqual(commands(got), tc.want) {
			t.Errorf("%s:\n got %q\nwant %q", tc.target, commands(got), tc.want)
		}
	}
}

// TestPlanWithDPCPPTranslator: a DPC++ toolchain's llvm-spirv writes the SPIR-V, with the
// options DPC++'s driver gives it (-o first, the input last), for JIT and ocloc targets.
func TestPlanWithDPCPPTranslator(t *testing.T) {
	withTranslator := tools
	withTranslator.Translator = "llvm-spirv-dpcpp"
	translate := func(out, triple string) command {
		f, _ := devconfig.LookupFamily(triple)
		return command{"llvm-spirv-dpcpp", append(append([]string{"-o", out}, TranslatorArgs(f)...), "./in.ll")}
	}
	cases := []struct {
		target string
		out    string
		want   []command
	}{
		{"spir64", "o/x.spv", []command{translate("./o/x.spv", "spir64")}},
		{"intel_gpu_pvc", "o/x.bin", []command{
			translate("./o/x.bin.spv", "spir64_gen"),
			{"ocloc", []string{"compile", "-spirv_input", "-file", "./o/x.bin.spv", "-output", "./o/x.bin", "-output_no_suffix", "-device", "pvc"}},
		}},
	}
	for _, tc := range cases {
		got, err := Plan(target(t, tc.target), withTranslator, "in.ll", tc.out)
		if err != nil {
			t.Errorf("%s: %v", tc.target, err)
			continue
		}
		if !reflect.DeepEqual(commands(got), tc.want) {
			t.Errorf("%s:\n got %q\nwant %q", tc.target, commands(got), tc.want)
		}
	}
}

// command is a step's command line, what TestPlanPerFamily compares.
type command struct {
	Tool string
	Args []string
}

func commands(steps []Step) []command {
	var out []command
	for _, s := range steps {
		out = append(out, command{s.Tool, s.Args})
	}
	return out
}

// TestPlanStepKinds: each step says what it runs, what it writes, and whether that is an
// intermediate (the SPIR-V a second tool reads), so that Compile needs no argv scanning.
func TestPlanStepKinds(t *testing.T) {
	steps, err := Plan(target(t, "intel_gpu_tgllp"), tools, "in.ll", "o/x.bin")
	if err != nil {
		t.Fatal(err)
	}
	type shape struct {
		Kind, Output string
		Temp         bool
	}
	var got []shape
	for _, s := range steps {
		got = append(got, shape{s.Kind, s.Output, s.Temp})
	}
	want := []shape{{"llc", "./o/x.bin.spv", true}, {"ocloc", "./o/x.bin", false}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
	steps, _ = Plan(target(t, "spir64"), tools, "in.ll", "o/x.spv")
	if len(steps) != 1 || steps[0].Kind != "llc" || steps[0].Output != "./o/x.spv" || steps[0].Temp {
		t.Errorf("spir64: %+v", steps)
	}
}

// TestPlanErrors: a missing tool and an AOT tool the pipeline cannot run are named.
func TestPlanErrors(t *testing.T) {
	cases := []struct {
		target string
		tools  Tools
		want   string
	}{
		{"intel_gpu_tgllp", Tools{LLC: "llc"}, "target intel_gpu_tgllp needs ocloc"},
		{"pocl_cpu", Tools{LLC: "llc"}, "target pocl_cpu needs llvm-spirv"},
		{"spir64", Tools{}, "target spir64 needs llc"},
		{"amd_gpu_gfx90a", Tools{LLC: "llc"}, "target amd_gpu_gfx90a needs ld.lld"},
	}
	for _, tc := range cases {
		_, err := Plan(target(t, tc.target), tc.tools, "in.ll", "out")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.target, err, tc.want)
		}
	}
	fpga := &devconfig.Target{Name: "my_fpga", Triple: "spir64", AOT: devconfig.AOT{Tool: "aoc"}}
	if _, err := Plan(fpga, tools, "in.ll", "out"); err == nil || !strings.Contains(err.Error(), `target my_fpga: unsupported AOT tool "aoc"`) {
		t.Errorf("aoc: error %v", err)
	}
}

// TestCompileDryRun: every row's commands, with the image names and extensions of
// devconfig.AOTTools, and nothing compiled.
func TestCompileDryRun(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "t.table"), []byte("[Code|Symbols]\na.ll|a.sym\nb.ll|b.sym\n"), 0o644)
	for _, f := range []string{"a.ll", "a.sym", "b.ll", "b.sym"} {
		os.WriteFile(filepath.Join(dir, f), []byte(f), 0o644)
	}
	var out bytes.Buffer
	err := Compile(&cli.Env{Stdout: &out, Stderr: &out}, filepath.Join(dir, "t.table"), target(t, "nvidia_gpu_sm_90"), tools, filepath.Join(dir, "img"), true)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	// Per image: llc, then the NUL the CUDA driver reads PTX up to.
	if len(lines) != 4 || !strings.HasSuffix(lines[0], "img/a.ptx") || !strings.HasSuffix(lines[2], "img/b.ptx") ||
		!strings.HasPrefix(lines[1], "sycl-device nul-terminate ") {
		t.Errorf("dry run printed %q", lines)
	}
	table, _ := os.ReadFile(filepath.Join(dir, "img", "files.table"))
	if string(table) != "[Code|Symbols]\na.ptx|a.sym\nb.ptx|b.sym\n" {
		t.Errorf("table %q", table)
	}
}

// TestCompileRelativeOutDir: with a relative output directory (as under Bazel) the final
// image stays and only the intermediate SPIR-V of a two-step target is removed.
func TestCompileRelativeOutDir(t *testing.T) {
	dir := inTempDir(t)
	os.WriteFile("t.table", []byte("[Code]\na.ll\n"), 0o644)
	os.WriteFile("a.ll", []byte("x"), 0o644)
	fake := filepath.Join(dir, "fake-llc")
	// A stand-in llc that writes its -o argument.
	os.WriteFile(fake, []byte("#!/bin/sh\nwhile [ $# -gt 0 ]; do [ \"$1\" = -o ] && echo img > \"$2\"; shift; done\n"), 0o755)
	err := Compile(&cli.Env{Stdout: os.Stderr, Stderr: os.Stderr}, "t.table", target(t, "spir64"), Tools{LLC: fake}, "img", false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat("img/a.spv"); err != nil {
		t.Errorf("the image was removed: %v", err)
	}
}

// TestCellsAreNotOptions: a Code cell like -load=evil.so never reaches a tool as an
// option, and an output path planted as a symbolic link is not written through.
func TestCellsAreNotOptions(t *testing.T) {
	dir := inTempDir(t)
	ran := filepath.Join(dir, "ran")
	fake := filepath.Join(dir, "fake-llc")
	os.WriteFile(fake, []byte("#!/bin/sh\necho \"$@\" >> "+ran+"\n"), 0o755)
	os.WriteFile("t.table", []byte("[Code]\n-load=evil.so\n"), 0o644)
	err := Compile(&cli.Env{Stdout: os.Stderr, Stderr: os.Stderr}, "t.table", target(t, "spir64"), Tools{LLC: fake}, "img", false)
	if err == nil || !strings.Contains(err.Error(), `t.table:2: file name "-load=evil.so" looks like an option`) {
		t.Errorf("option-like cell: %v", err)
	}
	if _, err := os.Stat(ran); err == nil {
		t.Error("the tool ran with an option-like cell")
	}
	// A link planted where the image will be written.
	os.WriteFile("t.table", []byte("[Code]\na.ll\n"), 0o644)
	os.WriteFile("a.ll", []byte("x"), 0o644)
	os.MkdirAll("img", 0o755)
	outside := filepath.Join(dir, "outside")
	os.Symlink(outside, "img/a.spv")
	err = Compile(&cli.Env{Stdout: os.Stderr, Stderr: os.Stderr}, "t.table", target(t, "spir64"), Tools{LLC: fake}, "img", false)
	if err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("planted link: %v", err)
	}
	if _, err := os.Stat(outside); err == nil {
		t.Error("written through the planted link")
	}
}

// inTempDir enters a fresh directory for the test and returns it.
func inTempDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	wd, _ := os.Getwd()
	t.Cleanup(func() { os.Chdir(wd) })
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestPtxasCubin: with ptxas, an NVIDIA row becomes two images, the cubin first and the
// PTX it was assembled from (for JIT on other architectures), sharing the row's other
// cells; the properties gain compile_target (the target's name), which the runtime
// matches against the device.
// TestEveryAOTToolHasAnAdapter: a row of devconfig.AOTTools without an adapter here
// would be accepted in a configuration and fail only when its first image is compiled.
func TestEveryAOTToolHasAnAdapter(t *testing.T) {
	for _, k := range devconfig.AOTTools {
		if adapters[k.Name] == nil {
			t.Errorf("AOT tool %q of devconfig.AOTTools has no adapter", k.Name)
		}
	}
	if len(adapters) != len(devconfig.AOTTools) {
		t.Errorf("%d adapters for %d AOT tools", len(adapters), len(devconfig.AOTTools))
	}
}

func TestPtxasCubin(t *testing.T) {
	withPtxas := Tools{LLC: "llc", Binaries: map[string]string{"ptxas": "ptxas"}}
	steps, err := Plan(target(t, "nvidia_gpu_sm_90"), withPtxas, "in.ll", "o/x.ptx")
	if err != nil {
		t.Fatal(err)
	}
	want := []command{
		{"llc", []string{"-mtriple=nvptx64-nvidia-cuda", "-mcpu=sm_90", "-mattr=+ptx80", "./in.ll", "-o", "./o/x.ptx"}},
		{"ptxas", []string{"-arch=sm_90", "./o/x.ptx", "-o", "./o/x.cubin"}},
		{"sycl-device", []string{"nul-terminate", "./o/x.ptx"}},
	}
	if !reflect.DeepEqual(commands(steps), want) {
		t.Errorf("plan:\n got %q\nwant %q", commands(steps), want)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "t.table"), []byte("[Code|Properties|Symbols]\na.ll|a.prop|a.sym\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.ll"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.sym"), []byte("K\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.prop"), []byte("[SYCL/device requirements]\naspects=2|gAAAAAAAAAgBAAAA\n"), 0o644)
	var out bytes.Buffer
	img := filepath.Join(dir, "img")
	if err := Compile(&cli.Env{Stdout: &out, Stderr: &out}, filepath.Join(dir, "t.table"), target(t, "nvidia_gpu_sm_90"), withPtxas, img, true); err != nil {
		t.Fatal(err)
	}
	table, _ := os.ReadFile(filepath.Join(img, "files.table"))
	if string(table) != "[Code|Properties|Symbols]\na.cubin|a.prop|a.sym\na.ptx|a.prop|a.sym\n" {
		t.Errorf("table %q", table)
	}
	prop, _ := os.ReadFile(filepath.Join(img, "a.prop"))
	reg, err := props.Parse("a.prop", prop)
	if err != nil {
		t.Fatal(err)
	}
	ct, ok := reg.Set(props.DeviceRequirements).Get("compile_target")
	if !ok || string(ct.Bytes) != "nvidia_gpu_sm_90" || !strings.HasPrefix(string(prop), "[SYCL/device requirements]\naspects=2|gAAAAAAAAAgBAAAA\ncompile_target=2|") {
		t.Errorf("properties %q", prop)
	}
	// Without ptxas: the PTX alone, and the same compile_target.
	img2 := filepath.Join(dir, "img2")
	if err := Compile(&cli.Env{Stdout: &out, Stderr: &out}, filepath.Join(dir, "t.table"), target(t, "nvidia_gpu_sm_90"), tools, img2, true); err != nil {
		t.Fatal(err)
	}
	table, _ = os.ReadFile(filepath.Join(img2, "files.table"))
	if string(table) != "[Code|Properties|Symbols]\na.ptx|a.prop|a.sym\n" {
		t.Errorf("table without ptxas %q", table)
	}
	// A JIT or PoCL target (descriptor target spir64) gets no compile_target.
	img3 := filepath.Join(dir, "img3")
	if err := Compile(&cli.Env{Stdout: &out, Stderr: &out}, filepath.Join(dir, "t.table"), target(t, "pocl_cpu"), tools, img3, true); err != nil {
		t.Fatal(err)
	}
	if prop, _ := os.ReadFile(filepath.Join(img3, "a.prop")); strings.Contains(string(prop), "compile_target") {
		t.Errorf("pocl_cpu properties %q", prop)
	}
}

// TestCompileAllOrNothing: when a later row fails, the earlier rows' new images do not
// replace the previous ones, the previous table stays, no staging directory is left,
// and each line the tool printed comes back prefixed with the table row.
func TestCompileAllOrNothing(t *testing.T) {
	dir := inTempDir(t)
	fake := filepath.Join(dir, "fake-llc")
	// Writes "new" to its -o argument; fails, printing three lines, on bad.ll.
	os.WriteFile(fake, []byte("#!/bin/sh\ncase \"$*\" in *bad.ll*) printf 'one\\ntwo\\nthree\\n' >&2; exit 3;; esac\n"+
		"while [ $# -gt 0 ]; do [ \"$1\" = -o ] && echo new > \"$2\"; shift; done\n"), 0o755)
	os.WriteFile("good.ll", []byte("x"), 0o644)
	os.WriteFile("bad.ll", []byte("x"), 0o644)
	os.MkdirAll("img", 0o755)
	os.WriteFile("img/good.spv", []byte("old\n"), 0o644)
	os.WriteFile("img/files.table", []byte("[Code]\ngood.spv\n"), 0o644)
	os.WriteFile("t.table", []byte("[Code]\ngood.ll\nbad.ll\n"), 0o644)
	err := Compile(&cli.Env{Stdout: os.Stderr, Stderr: os.Stderr}, "t.table", target(t, "spir64"), Tools{LLC: fake}, "img", false)
	want := "t.table:3: fake-llc failed on bad.ll: exit status 3:\nt.table:3: fake-llc: one\nt.table:3: fake-llc: two\nt.table:3: fake-llc: three"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want %q", err, want)
	}
	if b, _ := os.ReadFile("img/good.spv"); string(b) != "old\n" {
		t.Errorf("the previous image was replaced: %q", b)
	}
	if b, _ := os.ReadFile("img/files.table"); string(b) != "[Code]\ngood.spv\n" {
		t.Errorf("the previous table was replaced: %q", b)
	}
	if entries, _ := os.ReadDir("img"); len(entries) != 2 {
		t.Errorf("left behind in img: %v", entries)
	}
	// Without the failing row, the new image and table appear.
	os.WriteFile("t.table", []byte("[Code]\ngood.ll\n"), 0o644)
	if err := Compile(&cli.Env{Stdout: os.Stderr, Stderr: os.Stderr}, "t.table", target(t, "spir64"), Tools{LLC: fake}, "img", false); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile("img/good.spv"); string(b) != "new\n" {
		t.Errorf("image %q", b)
	}
}

// TestTranslatorArgsMatchDPCPP: the facts of DPC++'s driver tests for its llvm-spirv
// step: the debug-info and intrinsic options, and an extension list that starts from
// -all and enables the driver's extensions in its order; the CPU's list lacks the three
// GPU-only ones.
func TestTranslatorArgsMatchDPCPP(t *testing.T) {
	want := []string{"-spirv-debug-info-version=nonsemantic-shader-200", "-spirv-allow-unknown-intrinsics=llvm.genx."}
	gen, _ := devconfig.LookupFamily("spir64_gen")
	args := TranslatorArgs(gen)
	for i, w := range want {
		if args[i+1] != w {
			t.Errorf("option %d: %q, want %q", i+1, args[i+1], w)
		}
	}
	ext := args[len(args)-1]
	order := []string{"-spirv-ext=-all,", "+SPV_EXT_shader_atomic_float_add,", "+SPV_KHR_float_controls,", "+SPV_INTEL_subgroups,", "+SPV_INTEL_function_pointers,", "+SPV_INTEL_joint_matrix,", "+SPV_KHR_cooperative_matrix,", "+SPV_INTEL_fp_max_error"}
	at := 0
	for _, o := range order {
		i := strings.Index(ext[at:], o)
		if i < 0 {
			t.Fatalf("%q lacks %q after position %d", ext, o, at)
		}
		at += i + len(o)
	}
	if strings.Count(ext, "+SPV_") != 46 {
		t.Errorf("%d extensions, want DPC++'s 46", strings.Count(ext, "+SPV_"))
	}
	cpu, _ := devconfig.LookupFamily("spir64_x86_64")
	cpuExt := TranslatorArgs(cpu)[3]
	if strings.Count(cpuExt, "+SPV_") != 43 || strings.Contains(cpuExt, "shader_clock") || strings.Contains(cpuExt, "bindless") || strings.Contains(cpuExt, "float16_add") {
		t.Errorf("CPU list %q", cpuExt)
	}
}

// TestLLCExtensions: llc gets the family's list where llc knows it, in the family's
// order, with a module's extra needs after it and nothing twice; a family without
// SPIR-V gets only the extras.
func TestLLCExtensions(t *testing.T) {
	spir, _ := devconfig.LookupFamily("spir64")
	got := LLCExtensions(spir, FunctionPointers, "SPV_X_extra")
	if len(got) != len(llcKnows)+1 || got[len(got)-1] != "SPV_X_extra" || got[0] != "SPV_EXT_shader_atomic_float_add" {
		t.Errorf("spir64: %q", got)
	}
	for _, e := range got[:len(got)-1] {
		if !llcKnows[e] {
			t.Errorf("%s is not one llc knows", e)
		}
	}
	cpu, _ := devconfig.LookupFamily("spir64_x86_64")
	for _, e := range LLCExtensions(cpu) {
		if e == "SPV_KHR_shader_clock" || e == "SPV_INTEL_bindless_images" {
			t.Errorf("CPU: %s", e)
		}
	}
	nv, _ := devconfig.LookupFamily("nvptx64")
	if got := LLCExtensions(nv, LinkOnceODR); !reflect.DeepEqual(got, []string{LinkOnceODR}) {
		t.Errorf("nvptx64: %q", got)
	}
	// Every name llc is given is one of DPC++'s.
	for e := range llcKnows {
		found := false
		for _, d := range spir.SPIRVExtensions {
			found = found || d == e
		}
		if !found {
			t.Errorf("%s is not in DPC++'s list", e)
		}
	}
}

// TestPlanRetarget: with retarget tools, an NVIDIA image of SPIR code is retargeted (in
// this process), linked with the builtins and libdevice, checked and optimised for the
// target's architecture before llc.
func TestPlanRetarget(t *testing.T) {
	rt := tools
	rt.Retarget = &RetargetTools{LLVMLink: "llvm-link", Opt: "opt", Builtins: "b.bc", Libdevice: "libdevice.10.bc"}
	got, err := Plan(target(t, "nvidia_gpu_sm_90"), rt, "in.ll", "o/x.ptx")
	if err != nil {
		t.Fatal(err)
	}
	want := []command{
		{"sycl-device", []string{"retarget", "-o", "./o/x.ptx.nvptx.ll", "./in.ll"}},
		{"llvm-link", []string{"-S", "./o/x.ptx.nvptx.ll", "--only-needed", "--internalize", "b.bc", "libdevice.10.bc", "-o", "./o/x.ptx.linked.ll"}},
		{"sycl-device", []string{"check-nvptx", "./o/x.ptx.linked.ll"}},
		{"opt", []string{"-mtriple=nvptx64-nvidia-cuda", "-mcpu=sm_90", "-O3", "-nvvm-reflect-add=__CUDA_PREC_SQRT=1", "./o/x.ptx.linked.ll", "-o", "./o/x.ptx.opt.bc"}},
		{"llc", []string{"-mtriple=nvptx64-nvidia-cuda", "-mcpu=sm_90", "-mattr=+ptx80", "./o/x.ptx.opt.bc", "-o", "./o/x.ptx"}},
		{"sycl-device", []string{"nul-terminate", "./o/x.ptx"}},
	}
	if !reflect.DeepEqual(commands(got), want) {
		t.Errorf("\n got %q\nwant %q", commands(got), want)
	}
	if got[0].Do == nil || got[2].Do == nil {
		t.Error("the retarget and the check are not run in this process")
	}
}

// TestSPIRImageNeedsRetarget: an NVIDIA image of SPIR code without retarget tools fails
// at its row instead of reaching llc as it is.
func TestSPIRImageNeedsRetarget(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "t.table"), []byte("[Code]\na.ll\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.ll"), []byte("target triple = \"spir64-unknown-unknown\"\n"), 0o644)
	err := Compile(&cli.Env{Stdout: os.Stderr, Stderr: os.Stderr}, filepath.Join(dir, "t.table"), target(t, "nvidia_gpu_sm_90"), tools, filepath.Join(dir, "img"), false)
	if err == nil || !strings.Contains(err.Error(), "t.table:2: a.ll is SPIR code (DPC++'s front end): target nvidia_gpu_sm_90 needs it retargeted") {
		t.Errorf("got %v", err)
	}
}

// TestAppendNUL: a PTX image ends with the NUL the CUDA driver reads it up to.
func TestAppendNUL(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.ptx")
	os.WriteFile(path, []byte(".version 8.0\n"), 0o644)
	if err := appendNUL(path); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != ".version 8.0\n\x00" {
		t.Errorf("got %q", b)
	}
}
