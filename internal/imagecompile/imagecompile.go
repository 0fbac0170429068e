// Package imagecompile compiles the images of a file table for one device target, the
// step DPC++ calls AOT compilation (the aot verb, SyclAot actions): SPIR-V through llc (or
// a DPC++ toolchain's llvm-spirv) for JIT targets, then the target's AOT tool through its
// adapter (llvm-spirv -r to SPIR 1.2 for PoCL, ocloc, opencl-aot, llc to PTX and ptxas,
// llc and ld.lld for AMD), with the image format's specialization constants lowered; it
// writes a table of the images. It compiles only: device_if variants come from the split
// and are chosen by the aspect filter.
package imagecompile

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/filetable"
	"github.com/rules-sycl/rules_sycl/internal/kernelloc"
	"github.com/rules-sycl/rules_sycl/internal/mapfile"
	"github.com/rules-sycl/rules_sycl/internal/props"
	"github.com/rules-sycl/rules_sycl/internal/specconst"
)

// Tools are the executables the AOT step may run.
type Tools struct {
	LLC string
	// Binaries are the AOT tools' executables by devconfig.AOTTool.Binary ("ocloc",
	// "llvm-spirv", "ptxas", "lld", ...): the verb's flags of those names.
	Binaries map[string]string
	// Translator is a DPC++ toolchain's own llvm-spirv: when set, it writes every image's
	// SPIR-V with DPC++'s options (TranslatorArgs) instead of llc's SPIR-V backend.
	Translator string
	// KernelLocations is the propagate step's kernel locations file ("" for none): errors
	// name each kernel with its source line.
	KernelLocations string
	// Retarget, when set, builds the images of NVIDIA targets from SPIR modules (the
	// front end writes SPIR code only): each is retargeted to NVPTX, linked with
	// rules_sycl's builtins and libdevice, checked and optimised before llc.
	Retarget *RetargetTools
}

// RetargetTools are what retargeting SPIR modules to NVPTX runs and links.
type RetargetTools struct {
	LLVMLink, Opt string
	// Builtins is rules_sycl's NVPTX implementation of the __spirv_* functions (bitcode);
	// Libdevice is NVIDIA's libdevice.10.bc, which its math calls.
	Builtins, Libdevice string
}

// Step is one command of an image's compilation.
type Step struct {
	Tool string
	Args []string
	// Kind is what the step runs ("llc", "llvm-spirv", "ptxas", "ocloc", "opencl-aot"):
	// its quirks and error reports are keyed by it.
	Kind string
	// Output is the file the step writes.
	Output string
	// Temp says the output feeds the next step only (SPIR-V for a second tool): it is
	// removed once the image is made.
	Temp bool
	// Do, when set, is the step, run in this process (Tool and Args describe it for a
	// dry run); its errors are about the row's image.
	Do func() error
}

// Images returns the images that Plan's commands write for out: out itself and, for
// NVIDIA targets when ptxas is available, a cubin assembled from it first (the runtime
// loads the cubin on a device of its architecture and JIT-compiles the PTX elsewhere).
func Images(t *devconfig.Target, tools Tools, out string) []string {
	if t.AOT.Tool == "ptx" && tools.Binaries["ptxas"] != "" {
		return []string{cubinPath(out), out}
	}
	return []string{out}
}

func cubinPath(ptx string) string { return strings.TrimSuffix(ptx, ".ptx") + ".cubin" }

// plan is one AOT tool's adapter: the commands that turn module in into the image out.
// bin is the tool's executable (devconfig.AOTTool.Binary; "" when optional and absent);
// toSPIRV writes the module's SPIR-V to a file.
type plan struct {
	t           *devconfig.Target
	in, out     string
	llc, bin    string
	toSPIRV     func(spv string) Step
	spv         string // out + ".spv": the SPIR-V a second tool reads
	spirvToTool func(kind string, args ...string) []Step
	retarget    *RetargetTools
}

// adapters are the AOT tools' adapters, by devconfig.AOTTool.Name (a test checks that
// every row of devconfig.AOTTools has one).
var adapters = map[string]func(p *plan) ([]Step, error){
	"": func(p *plan) ([]Step, error) { return []Step{p.toSPIRV(p.out)}, nil },
	"llvm-spirv": func(p *plan) ([]Step, error) {
		return p.spirvToTool("llvm-spirv", append(append([]string{}, p.t.AOT.Options...), p.spv, "-o", p.out)...), nil
	},
	"ocloc": func(p *plan) ([]Step, error) {
		args := []string{"compile", "-spirv_input", "-file", p.spv, "-output", p.out, "-output_no_suffix"}
		return p.spirvToTool("ocloc", append(args, p.t.AOT.Options...)...), nil
	},
	"opencl-aot": func(p *plan) ([]Step, error) {
		return p.spirvToTool("opencl-aot", append([]string{"--device=cpu", p.spv, "-o", p.out}, p.t.AOT.Options...)...), nil
	},
	"ptx": func(p *plan) ([]Step, error) {
		arch := devconfig.TargetArch(p.t)
		var steps []Step
		in := p.in
		if p.retarget != nil {
			steps, in = retargetSteps(p.retarget, arch, p.in, p.out), p.out+".opt.bc"
		}
		steps = append(steps, Step{Tool: p.llc, Args: []string{"-mtriple=nvptx64-nvidia-cuda", "-mcpu=" + arch, "-mattr=+ptx80", in, "-o", p.out}, Kind: "llc", Output: p.out})
		if p.bin != "" {
			cubin := pathArg(cubinPath(p.out))
			steps = append(steps, Step{Tool: p.bin, Args: []string{"-arch=" + arch, p.out, "-o", cubin}, Kind: "ptxas", Output: cubin})
		}
		// The CUDA driver reads PTX as a C string: Unified Runtime's CUDA adapter hands it
		// the image as it is.
		out := p.out
		steps = append(steps, Step{Tool: "sycl-device", Args: []string{"nul-terminate", out}, Kind: "nul-terminate", Output: out,
			Do: func() error { return appendNUL(out) }})
		return steps, nil
	},
	"amdgcn": func(p *plan) ([]Step, error) {
		// As DPC++ does for its HIP targets: the AMDGPU backend to an object, lld to an HSA
		// code object for the target's gfx architecture.
		if len(p.t.AOT.Options) == 0 {
			return nil, fmt.Errorf("target %s: an amdgcn target names its gfx architecture as its first AOT option", p.t.Name)
		}
		obj := p.out + ".o"
		return []Step{
			{Tool: p.llc, Args: []string{"-mtriple=amdgcn-amd-amdhsa", "-mcpu=" + p.t.AOT.Options[0], "-relocation-model=pic", "-filetype=obj", p.in, "-o", obj}, Kind: "llc", Output: obj, Temp: true},
			// -Bsymbolic: calls between the functions of a code object bind inside it (a
			// device function of default visibility is not preemptible on a GPU).
			{Tool: p.bin, Args: []string{"-shared", "-Bsymbolic", obj, "-o", p.out}, Kind: "ld.lld", Output: p.out},
		}, nil
	},
}

// Plan returns the commands that turn module in into the image out for target t. The
// image's extension and descriptor format come from devconfig.AOTTools. llc enables the
// family's SPIR-V extensions (LLCExtensions) and spirvExts, those a module needs beyond
// them (ForLLCSPIRV).
func Plan(t *devconfig.Target, tools Tools, in, out string, spirvExts ...string) ([]Step, error) {
	in, out = pathArg(in), pathArg(out)
	kind, ok := devconfig.LookupAOTTool(t.AOT.Tool)
	adapter := adapters[t.AOT.Tool]
	if !ok || adapter == nil {
		return nil, fmt.Errorf("target %s: unsupported AOT tool %q", t.Name, t.AOT.Tool)
	}
	if tools.LLC == "" {
		return nil, fmt.Errorf("target %s needs llc, which the SYCL toolchain does not provide", t.Name)
	}
	bin := tools.Binaries[kind.Binary]
	if kind.Binary != "" && bin == "" && !kind.Optional {
		return nil, fmt.Errorf("target %s needs %s, which the SYCL toolchain does not provide", t.Name, kind.BinaryWhat)
	}
	p := &plan{t: t, in: in, out: out, llc: tools.LLC, bin: bin, spv: out + ".spv", retarget: tools.Retarget}
	family, _ := devconfig.LookupFamily(t.Triple)
	p.toSPIRV = func(spv string) Step {
		if tools.Translator != "" {
			args := append(append([]string{"-o", spv}, TranslatorArgs(family)...), in)
			return Step{Tool: tools.Translator, Args: args, Kind: "spirv-translator", Output: spv, Temp: spv != out}
		}
		args := []string{"-mtriple=spirv64-unknown-unknown", "-filetype=obj"}
		if exts := LLCExtensions(family, spirvExts...); len(exts) > 0 {
			args = append(args, "--spirv-ext=+"+strings.Join(exts, ",+"))
		}
		return Step{Tool: tools.LLC, Args: append(args, in, "-o", spv), Kind: "llc", Output: spv, Temp: spv != out}
	}
	p.spirvToTool = func(kind string, args ...string) []Step {
		return []Step{p.toSPIRV(p.spv), {Tool: bin, Args: args, Kind: kind, Output: out}}
	}
	return adapter(p)
}

// TranslatorArgs are the options DPC++'s driver gives its llvm-spirv for the images of
// family f: SPIR-V 1.5 at most, non-semantic debug info, GenX intrinsics allowed, and
// all extensions off but the family's (devconfig.Family.SPIRVExtensions).
func TranslatorArgs(f devconfig.Family) []string {
	return []string{
		"-spirv-max-version=1.5",
		"-spirv-debug-info-version=nonsemantic-shader-200",
		"-spirv-allow-unknown-intrinsics=llvm.genx.",
		"-spirv-ext=-all,+" + strings.Join(f.SPIRVExtensions, ",+"),
	}
}

// llcKnows are the extensions of DPC++'s lists that DPC++'s driver gives llc when it
// writes SPIR-V with LLVM's back end instead of llvm-spirv (intel/llvm's
// clang/test/Driver/sycl-spirv-backend.cpp) and that llc-22's back end accepts: it
// refuses an unknown name, and knows none of the FPGA, VC and arbitrary-precision ones
// (SPV_INTEL_arbitrary_precision_integers, in DPC++'s list, came after LLVM 22). A test
// runs llc with each.
var llcKnows = map[string]bool{
	"SPV_EXT_shader_atomic_float_add": true, "SPV_EXT_shader_atomic_float_min_max": true,
	"SPV_KHR_no_integer_wrap_decoration": true, "SPV_KHR_float_controls": true,
	"SPV_KHR_expect_assume": true, "SPV_KHR_linkonce_odr": true,
	"SPV_INTEL_subgroups": true, "SPV_INTEL_media_block_io": true,
	"SPV_INTEL_function_pointers": true, "SPV_INTEL_inline_assembly": true,
	"SPV_INTEL_float_controls2": true, "SPV_INTEL_variable_length_array": true,
	"SPV_INTEL_long_composites": true, "SPV_INTEL_cache_controls": true,
	"SPV_KHR_shader_clock": true, "SPV_INTEL_bindless_images": true,
	"SPV_INTEL_bfloat16_conversion": true, "SPV_INTEL_joint_matrix": true,
	"SPV_KHR_uniform_group_instructions": true, "SPV_INTEL_tensor_float32_conversion": true,
	"SPV_INTEL_optnone": true, "SPV_KHR_non_semantic_info": true,
	"SPV_KHR_cooperative_matrix": true, "SPV_EXT_shader_atomic_float16_add": true,
	"SPV_INTEL_fp_max_error": true,
}

// LLCExtensions are the SPIR-V extensions llc enables for the images of family f: the
// family's list as far as llc knows it, then any of extra (what a module needs beyond
// it, ForLLCSPIRV) not already there.
func LLCExtensions(f devconfig.Family, extra ...string) []string {
	var out []string
	seen := map[string]bool{}
	for _, e := range f.SPIRVExtensions {
		if llcKnows[e] && !seen[e] {
			seen[e] = true
			out = append(out, e)
		}
	}
	for _, e := range extra {
		if !seen[e] {
			seen[e] = true
			out = append(out, e)
		}
	}
	return out
}

// SameDir says whether a and b name one directory (by path, or by the file they reach).
func SameDir(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(ia, ib)
}

// pathArg makes a relative path unmistakable for an option ("./-x", never "-x").
func pathArg(p string) string {
	if p == "" || strings.HasPrefix(p, "/") || strings.HasPrefix(p, ".") {
		return p
	}
	return "./" + p
}

// checkOutputs refuses step outputs that are symbolic links, directories or special
// files: the tools would write through them (a link planted in the output directory).
func checkOutputs(table string, line int, steps []Step) error {
	for _, s := range steps {
		if special, err := atomicfile.Check(s.Output); err != nil || special {
			if err == nil {
				err = fmt.Errorf("%s is not a regular file", s.Output)
			}
			return diag.Errorf(table, line, "%v", err)
		}
	}
	return nil
}

// Compile compiles every row of table for t into outDir and writes outDir/files.table,
// running the tools through env (killed when its context is cancelled). With dryRun it
// prints the commands instead of running them. Per row: plan the steps, run them,
// collect the image and its cells; then commit everything at once.
func Compile(env *cli.Env, table string, t *devconfig.Target, tools Tools, outDir string, dryRun bool) error {
	data, err := mapfile.ReadInput(table)
	if err != nil {
		return diag.Errorf(table, 0, "cannot read: %v", err)
	}
	tab, err := filetable.Parse(table, data)
	if err != nil {
		return err
	}
	c := &compilation{env: env, table: table, tab: tab, code: tab.Column(filetable.Code), t: t, tools: tools,
		outDir: outDir, stage: outDir, dryRun: dryRun, written: map[string]int{}}
	if c.code < 0 {
		return diag.Errorf(table, 1, "the table has no Code column")
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	c.kind, _ = devconfig.LookupAOTTool(t.AOT.Tool)
	// The tools write into a fresh staging directory; the images, their cells and the
	// table then appear in outDir together, or (on any failure) not at all.
	if !dryRun {
		if c.stage, err = os.MkdirTemp(outDir, ".aot-"); err != nil {
			return diag.Errorf(table, 0, "cannot create a staging directory in %s: %v", outDir, err)
		}
		removeStage := func() { os.RemoveAll(c.stage) }
		defer atomicfile.Track(removeStage)()
		defer removeStage()
	}
	defer c.batch.Abort()
	c.res = &filetable.Table{Columns: tab.Columns, Titled: true}
	for i := range tab.Rows {
		if err := c.row(i); err != nil {
			return err
		}
	}
	c.batch.Add(filepath.Join(outDir, filetable.TableFile), c.res.Bytes())
	return c.batch.Commit()
}

// compilation is one Compile call's state.
type compilation struct {
	env           *cli.Env
	table         string
	tab           *filetable.Table
	code          int
	t             *devconfig.Target
	tools         Tools
	kind          devconfig.AOTTool
	outDir, stage string
	dryRun        bool
	batch         atomicfile.Batch
	res           *filetable.Table
	written       map[string]int // output name -> the row that writes it
	// spec is the current row's lowered specialization constants (nil when it reads
	// none): their property sets go into its image's properties.
	spec *specconst.Result
}

// claim records that row line writes name, refusing a second writer.
func (c *compilation) claim(line int, name string) error {
	if first, dup := c.written[name]; dup {
		return diag.Errorf(c.table, line, "output %s would overwrite what row %d writes; rename one of the two", name, first)
	}
	c.written[name] = line
	return nil
}

// row compiles table row i: its image and its cells.
func (c *compilation) row(i int) error {
	row, line := c.tab.Rows[i], c.tab.Lines[i]
	in, err := filetable.Resolve(c.table, line, row[c.code], false)
	if err != nil {
		return err
	}
	base := strings.TrimSuffix(filepath.Base(row[c.code]), filepath.Ext(row[c.code]))
	compiled := in
	if compiled, err = c.specConsts(in, base); err != nil {
		return c.imageError(line, row, in, err)
	}
	out := pathArg(filepath.Join(c.stage, base+c.kind.Ext))
	images := Images(c.t, c.tools, out)
	for _, img := range images {
		if err := c.claim(line, filepath.Base(img)); err != nil {
			return err
		}
	}
	var exts []string
	if viaLLCSPIRV(c.t, c.tools) {
		prepared, e, err := c.llcSPIRV(compiled, base)
		if err != nil {
			return c.imageError(line, row, compiled, err)
		}
		if prepared != compiled && compiled != in {
			defer os.Remove(compiled)
		}
		compiled, exts = prepared, e
	}
	if c.t.AOT.Tool == "ptx" && c.tools.Retarget == nil && !c.dryRun && needsRetarget(compiled) {
		return diag.Errorf(c.table, line, "%s is SPIR code (DPC++'s front end): target %s needs it retargeted to NVPTX, and no --nvptx-builtins was given (the SYCL toolchain's nvptx_builtins)", row[c.code], c.t.Name)
	}
	steps, err := Plan(c.t, c.tools, compiled, out, exts...)
	if err != nil {
		return diag.Errorf(c.table, line, "%v", err)
	}
	if err := checkOutputs(c.table, line, steps); err != nil {
		return err
	}
	if err := c.run(line, row, steps); err != nil {
		return err
	}
	if !c.dryRun {
		for _, s := range steps {
			if s.Temp {
				os.Remove(s.Output)
			}
		}
		if compiled != in {
			os.Remove(compiled)
		}
	}
	cells, err := c.cells(line, row)
	if err != nil {
		return err
	}
	for _, img := range images {
		if !c.dryRun {
			c.batch.Adopt(img, filepath.Join(c.outDir, filepath.Base(img)))
		}
		cells[c.code] = filepath.Base(img)
		c.res.Add(append([]string{}, cells...)...)
	}
	return nil
}

// shellCommand writes a command as a POSIX shell reads it back: words of letters, digits
// and _@%+=:,./- as they are, any other word in single quotes (a file name with a space
// stays one word), and a tool whose name holds '=' too (the shell would take it for an
// assignment).
func shellCommand(tool string, args []string) string {
	words := make([]string, 0, 1+len(args))
	for i, w := range append([]string{tool}, args...) {
		if w == "" || i == 0 && strings.Contains(w, "=") || strings.IndexFunc(w, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_@%+=:,./-", r))
		}) >= 0 {
			w = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
		words = append(words, w)
	}
	return strings.Join(words, " ")
}

// run runs the steps of one image (or prints them, dry): a tool's quirks and its error
// report are chosen by the step's kind.
func (c *compilation) run(line int, row []string, steps []Step) error {
	for _, s := range steps {
		if c.dryRun {
			fmt.Fprintln(c.env.Stdout, shellCommand(s.Tool, s.Args))
			continue
		}
		if s.Do != nil {
			if err := s.Do(); err != nil {
				return c.imageError(line, row, s.Args[len(s.Args)-1], err)
			}
			continue
		}
		stdout, stderr, err := c.env.Run(nil, s.Tool, s.Args...)
		if err == nil {
			if s.Kind == "llc" && viaLLCSPIRV(c.t, c.tools) {
				// llc-22 writes a scalar zero as OpConstantNull, also where SPIR-V wants an
				// OpConstant (a structure index of OpInBoundsPtrAccessChain, which spirv-val
				// refuses), and llvm-spirv-15 aborts on any scalar one: every SPIR-V image
				// llc writes gets the equal OpConstant.
				if err := rewriteScalarNulls(s.Output); err != nil {
					return diag.Errorf(c.table, line, "%v", err)
				}
			}
			continue
		}
		if s.Kind == "ocloc" {
			return oclocError(c.env, c.table, line, c.tab, row, c.t, s.Tool, string(stdout)+string(stderr), c.tools.KernelLocations)
		}
		what, where := describeImage(c.table, line, c.tab, row, c.tools.KernelLocations)
		return toolError(c.table, line, s.Tool, what, where, err, string(stderr))
	}
	return nil
}

// cells copies a row's other cells (symbols, properties) into the batch and returns the
// result row without its Code cell.
func (c *compilation) cells(line int, row []string) ([]string, error) {
	cells := make([]string, len(row))
	for col, cell := range row {
		if col == c.code {
			continue
		}
		src, err := filetable.Resolve(c.table, line, cell, false)
		if err != nil {
			return nil, err
		}
		b, err := os.ReadFile(src)
		if err != nil {
			return nil, diag.Errorf(c.table, line, "cannot read %s: %v", cell, err)
		}
		if c.tab.Columns[col] == filetable.Properties {
			if b, err = c.imageProps(src, b); err != nil {
				return nil, err
			}
		}
		cellName := filepath.Base(cell)
		if err := c.claim(line, cellName); err != nil {
			return nil, err
		}
		c.batch.Add(filepath.Join(c.outDir, cellName), b)
		cells[col] = cellName
	}
	return cells, nil
}

// imageProps is an image's property file: its specialization constants' sets and, for
// native images, the target's name as compile_target.
func (c *compilation) imageProps(src string, b []byte) ([]byte, error) {
	var err error
	if c.spec != nil {
		b, err = withSpecConsts(src, b, c.spec)
	}
	if err != nil || c.kind.WrapTarget == "spir64" {
		return b, err
	}
	return withCompileTarget(src, b, c.t.Name)
}

// imageError reports an error the lowering found inside the row's image (a file of the
// split, whose lines are not the user's) at the kernel's source line when the locations
// file has it, else at the table row, naming the image and its kernels.
func (c *compilation) imageError(line int, row []string, image string, err error) error {
	var ie *diag.InputError
	if !errors.As(err, &ie) || ie.File != image {
		return err
	}
	what, where := describeImage(c.table, line, c.tab, row, c.tools.KernelLocations)
	return fmt.Errorf("%s: %s (in %s)", where, ie.Msg, what)
}

// specConsts lowers the specialization constants of a row's module as the target's
// format needs (devconfig.AOTTool.SpecConsts) into a staged copy, which it returns with
// c.spec set; a module that reads none is returned as it is. A dry run plans on the
// input as it is.
func (c *compilation) specConsts(in, base string) (string, error) {
	c.spec = nil
	mode, _ := specconst.ParseMode(c.kind.SpecConsts)
	if c.dryRun || mode == specconst.None {
		return in, nil
	}
	src, err := mapfile.ReadInput(in)
	if err != nil || !bytes.Contains(src, specconst.Marker) {
		return in, nil // an unreadable module is the tools' error to report
	}
	r, err := specconst.Lower(in, src, mode)
	if err != nil || r == nil {
		return in, err
	}
	staged := filepath.Join(c.stage, base+".specconst.ll")
	if err := os.WriteFile(staged, r.Text, 0o644); err != nil {
		return "", diag.Errorf(in, 0, "cannot stage the lowered module: %v", err)
	}
	c.spec = r
	return staged, nil
}

// withSpecConsts adds the specialization-constant property sets of r to a property file.
func withSpecConsts(file string, data []byte, r *specconst.Result) ([]byte, error) {
	reg, err := props.Parse(file, data)
	if err != nil {
		return nil, err
	}
	r.AddProps(reg)
	return reg.Encode()
}

// toolError reports a failed tool run on a row: a first line naming the tool, the image
// and the exit status, then each line the tool printed, prefixed with where (the
// kernel's source line, or the table row).
func toolError(table string, line int, tool, image, where string, runErr error, stderr string) error {
	head := fmt.Sprintf("%s failed on %s: %v", filepath.Base(tool), image, runErr)
	var lines []string
	for _, l := range strings.Split(stderr, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, fmt.Sprintf("%s: %s: %s", where, filepath.Base(tool), l))
		}
	}
	if len(lines) == 0 {
		return diag.Errorf(table, line, "%s", head)
	}
	return diag.Errorf(table, line, "%s:\n%s", head, strings.Join(lines, "\n"))
}

// withCompileTarget is the property file data with target as its compile_target
// (props.Registry.SetCompileTarget).
func withCompileTarget(file string, data []byte, target string) ([]byte, error) {
	reg, err := props.Parse(file, data)
	if err != nil {
		return nil, err
	}
	if err := reg.SetCompileTarget(target); err != nil {
		return nil, diag.Errorf(file, 0, "%v", err)
	}
	return reg.Encode()
}

// describeImage names a row's image and the kernels it holds, each with its source
// line when the locations file has it: "img_1.ll (kernel KDouble (a.cpp:50))". where is
// the place the tool's own messages are reported at: the kernel's source line when the
// image holds one kernel whose line is known, else the table row.
func describeImage(table string, line int, tab *filetable.Table, row []string, locations string) (what, where string) {
	what, where = row[tab.Column(filetable.Code)], fmt.Sprintf("%s:%d", table, line)
	c := tab.Column(filetable.Symbols)
	if c < 0 {
		return what, where
	}
	p, err := filetable.Resolve(table, line, row[c], false)
	if err != nil {
		return what, where
	}
	sym, err := os.ReadFile(p)
	syms := strings.Fields(string(sym))
	if err != nil || len(syms) == 0 {
		return what, where
	}
	locs, err := kernelloc.Read(locations)
	if err != nil {
		locs = kernelloc.Map{}
	}
	if len(syms) == 1 && locs[syms[0]] != "" {
		where = locs[syms[0]]
	}
	return what + " (" + locs.Describe(syms) + ")", where
}

// oclocError reports a failed ocloc run on a row: a device this ocloc does not know as
// one line naming the target and the ocloc version, otherwise ocloc's own diagnostics,
// each line once, prefixed with the table row, the image and the kernels it holds.
func oclocError(env *cli.Env, table string, line int, tab *filetable.Table, row []string, t *devconfig.Target, ocloc, output, locations string) error {
	if strings.Contains(output, "Cannot get HW Info for device") {
		device := ""
		for i, o := range t.AOT.Options {
			if o == "-device" && i+1 < len(t.AOT.Options) {
				device = t.AOT.Options[i+1]
			}
		}
		return diag.Errorf(table, line, "target %s: ocloc %s (%s) does not know device %q; use a newer ocloc (oneAPI's: build with --repo_env=SYCL_OCLOC=/path/to/ocloc) or choose another target",
			t.Name, oclocVersion(env, ocloc), ocloc, device)
	}
	what, where := describeImage(table, line, tab, row, locations)
	var lines []string
	seen := map[string]bool{}
	for _, l := range strings.Split(output, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || seen[l] || strings.HasPrefix(l, "Command was:") || strings.HasPrefix(l, "Compilation from IR") {
			continue
		}
		seen[l] = true
		lines = append(lines, fmt.Sprintf("%s: ocloc: %s", where, l))
	}
	head := fmt.Sprintf("ocloc failed on %s for %s", what, t.Name)
	if len(lines) == 0 {
		return diag.Errorf(table, line, "%s", head)
	}
	return diag.Errorf(table, line, "%s:\n%s", head, strings.Join(lines, "\n"))
}

// oclocVersion asks ocloc for its driver version ("unknown" when it cannot say).
func oclocVersion(env *cli.Env, ocloc string) string {
	dir, err := os.MkdirTemp("", "ocloc-version")
	if err != nil {
		return "(version unknown)"
	}
	defer os.RemoveAll(dir)
	if _, _, err := env.RunIn(dir, nil, ocloc, "query", "OCL_DRIVER_VERSION"); err != nil {
		return "(version unknown)"
	}
	v, err := os.ReadFile(filepath.Join(dir, "OCL_DRIVER_VERSION"))
	version := strings.Trim(string(v), " \t\r\n\x00")
	if err != nil || version == "" {
		return "(version unknown)"
	}
	return version
}
