// Package aot runs a device target's ahead-of-time compiler on every row of a file
// table (llvm-foreach + file-table-tform in DPC++) and writes a table of the images:
// SPIR-V through llc for generic spir64 (JIT), SPIR 1.2 bitcode through llvm-spirv -r for
// the PoCL CPU device, PTX through llc for NVIDIA targets, and ocloc/opencl-aot commands
// for Intel targets when the toolchain has them.
package aot

import (
	"flag"
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
	"github.com/rules-sycl/rules_sycl/internal/props"
)

// Tools are the executables the AOT step may run.
type Tools struct {
	LLC, LLVMSpirv, Ocloc, OpenCLAOT, Ptxas string
	// KernelLocations is the propagate step's kernel locations file ("" for none): errors
	// name each kernel with its source line.
	KernelLocations string
}

// Step is one command of an image's compilation.
type Step struct {
	Tool string
	Args []string
}

// Images returns the images that Plan's commands write for out: out itself and, for
// NVIDIA targets when ptxas is available, a cubin assembled from it first (the runtime
// loads the cubin on a device of its architecture and JIT-compiles the PTX elsewhere).
func Images(t *devconfig.Target, tools Tools, out string) []string {
	if t.AOT.Tool == "ptx" && tools.Ptxas != "" {
		return []string{cubinPath(out), out}
	}
	return []string{out}
}

func cubinPath(ptx string) string { return strings.TrimSuffix(ptx, ".ptx") + ".cubin" }

// Plan returns the commands that turn module in into the image out for target t. The
// image's extension and descriptor format come from devconfig.AOTTools.
func Plan(t *devconfig.Target, tools Tools, in, out string) ([]Step, error) {
	in, out = pathArg(in), pathArg(out)
	need := func(path, name string) error {
		if path == "" {
			return fmt.Errorf("target %s needs %s, which the SYCL toolchain does not provide", t.Name, name)
		}
		return nil
	}
	if _, ok := devconfig.LookupAOTTool(t.AOT.Tool); !ok {
		return nil, fmt.Errorf("target %s: unsupported AOT tool %q", t.Name, t.AOT.Tool)
	}
	if err := need(tools.LLC, "llc"); err != nil {
		return nil, err
	}
	toSPIRV := func(spv string) Step {
		return Step{tools.LLC, []string{"-mtriple=spirv64-unknown-unknown", "-filetype=obj", in, "-o", spv}}
	}
	switch t.AOT.Tool {
	case "llvm-spirv":
		if err := need(tools.LLVMSpirv, "llvm-spirv"); err != nil {
			return nil, err
		}
		spv := out + ".spv"
		return []Step{toSPIRV(spv), {tools.LLVMSpirv, append(append([]string{}, t.AOT.Options...), spv, "-o", out)}}, nil
	case "ptx":
		arch := devconfig.NVPTXArch(t)
		steps := []Step{{tools.LLC, []string{"-mtriple=nvptx64-nvidia-cuda", "-mcpu=" + arch, "-mattr=+ptx80", in, "-o", out}}}
		if tools.Ptxas != "" {
			steps = append(steps, Step{tools.Ptxas, []string{"-arch=" + arch, out, "-o", pathArg(cubinPath(out))}})
		}
		return steps, nil
	case "ocloc":
		if err := need(tools.Ocloc, "ocloc (Intel's offline compiler)"); err != nil {
			return nil, err
		}
		spv := out + ".spv"
		args := []string{"compile", "-spirv_input", "-file", spv, "-output", out, "-output_no_suffix"}
		return []Step{toSPIRV(spv), {tools.Ocloc, append(args, t.AOT.Options...)}}, nil
	case "opencl-aot":
		if err := need(tools.OpenCLAOT, "opencl-aot"); err != nil {
			return nil, err
		}
		spv := out + ".spv"
		return []Step{toSPIRV(spv), {tools.OpenCLAOT, append([]string{"--device=cpu", spv, "-o", out}, t.AOT.Options...)}}, nil
	}
	return []Step{toSPIRV(out)}, nil
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
		for i, a := range s.Args {
			if (a == "-o" || a == "-output") && i+1 < len(s.Args) {
				if special, err := atomicfile.Check(s.Args[i+1]); err != nil || special {
					if err == nil {
						err = fmt.Errorf("%s is not a regular file", s.Args[i+1])
					}
					return diag.Errorf(table, line, "%v", err)
				}
			}
		}
	}
	return nil
}

// Compile compiles every row of table for t into outDir and writes outDir/files.table,
// running the tools through env (killed when its context is cancelled). With dryRun it
// prints the commands instead of running them.
func Compile(env *cli.Env, table string, t *devconfig.Target, tools Tools, outDir string, dryRun bool) error {
	data, err := os.ReadFile(table)
	if err != nil {
		return diag.Errorf(table, 0, "cannot read: %v", err)
	}
	tab, err := filetable.Parse(table, data)
	if err != nil {
		return err
	}
	code := tab.Column(filetable.Code)
	if code < 0 {
		return diag.Errorf(table, 1, "the table has no Code column")
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	kind, _ := devconfig.LookupAOTTool(t.AOT.Tool)
	// The tools write into a fresh staging directory; the images, their cells and the
	// table then appear in outDir together, or (on any failure) not at all.
	stage := outDir
	if !dryRun {
		if stage, err = os.MkdirTemp(outDir, ".aot-"); err != nil {
			return diag.Errorf(table, 0, "cannot create a staging directory in %s: %v", outDir, err)
		}
		removeStage := func() { os.RemoveAll(stage) }
		defer atomicfile.Track(removeStage)()
		defer removeStage()
	}
	var batch atomicfile.Batch
	defer batch.Abort()
	res := &filetable.Table{Columns: tab.Columns, Titled: true}
	written := map[string]int{} // output name -> the row that writes it
	claim := func(line int, name string) error {
		if first, dup := written[name]; dup {
			return diag.Errorf(table, line, "output %s would overwrite what row %d writes; rename one of the two", name, first)
		}
		written[name] = line
		return nil
	}
	for i, row := range tab.Rows {
		line := tab.Lines[i]
		in, err := filetable.Resolve(table, line, row[code], false)
		if err != nil {
			return err
		}
		base := strings.TrimSuffix(filepath.Base(row[code]), filepath.Ext(row[code]))
		units, err := deviceIfUnits(table, line, in, base, stage, t, kind, dryRun)
		if err != nil {
			return err
		}
		copied := map[string]bool{} // cells shared by a row's variants
		for _, u := range units {
			name := base
			if u.tag != "" {
				name += "." + u.tag
			}
			out := pathArg(filepath.Join(stage, name+kind.Ext))
			images := Images(t, tools, out)
			for _, img := range images {
				if err := claim(line, filepath.Base(img)); err != nil {
					return err
				}
			}
			steps, err := Plan(t, tools, u.in, out)
			if err != nil {
				return diag.Errorf(table, line, "%v", err)
			}
			if err := checkOutputs(table, line, steps); err != nil {
				return err
			}
			for _, s := range steps {
				if dryRun {
					fmt.Fprintf(env.Stdout, "%s %s\n", s.Tool, strings.Join(s.Args, " "))
					continue
				}
				if s.Tool == tools.LLVMSpirv {
					// llvm-spirv-15 aborts on scalar OpConstantNull, which llc-22 writes:
					// rewrite its SPIR-V input (the llc step's output) first.
					for _, a := range s.Args {
						if strings.HasSuffix(a, ".spv") {
							if err := rewriteScalarNulls(a); err != nil {
								return diag.Errorf(table, line, "%v", err)
							}
						}
					}
				}
				if stdout, stderr, err := env.Run(nil, s.Tool, s.Args...); err != nil {
					if s.Tool == tools.Ocloc {
						return oclocError(env, table, line, tab, row, t, s.Tool, string(stdout)+string(stderr), tools.KernelLocations)
					}
					what, where := describeImage(table, line, tab, row, tools.KernelLocations)
					return toolError(table, line, s.Tool, what, where, err, string(stderr))
				}
			}
			for _, s := range steps {
				if s.Tool == tools.LLC && strings.HasSuffix(s.Args[len(s.Args)-1], ".spv") && s.Args[len(s.Args)-1] != out && !dryRun {
					os.Remove(s.Args[len(s.Args)-1])
				}
			}
			if u.in != in && !dryRun {
				os.Remove(u.in)
			}
			cells := make([]string, len(row))
			for c, cell := range row {
				if c == code {
					continue
				}
				isProps := tab.Columns[c] == filetable.Properties
				if !isProps && copied[cell] {
					cells[c] = filepath.Base(cell)
					continue
				}
				src, err := filetable.Resolve(table, line, cell, false)
				if err != nil {
					return err
				}
				b, err := os.ReadFile(src)
				if err != nil {
					return diag.Errorf(table, line, "cannot read %s: %v", cell, err)
				}
				cellName := filepath.Base(cell)
				if isProps {
					if b, err = u.props(src, b); err != nil {
						return err
					}
					if kind.WrapTarget != "spir64" {
						if b, err = withCompileTarget(src, b, t.Name); err != nil {
							return err
						}
					}
					if u.tag != "" {
						cellName = strings.TrimSuffix(cellName, filepath.Ext(cellName)) + "." + u.tag + filepath.Ext(cellName)
					}
				}
				if err := claim(line, cellName); err != nil {
					return err
				}
				copied[cell] = true
				batch.Add(filepath.Join(outDir, cellName), b)
				cells[c] = cellName
			}
			for _, img := range images {
				if !dryRun {
					batch.Adopt(img, filepath.Join(outDir, filepath.Base(img)))
				}
				cells[code] = filepath.Base(img)
				res.Add(append([]string{}, cells...)...)
			}
		}
	}
	batch.Add(filepath.Join(outDir, filetable.TableFile), res.Bytes())
	return batch.Commit()
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

// withCompileTarget appends compile_target (the target's name) to the image's
// [SYCL/device requirements], as DPC++ does for the images of an architecture target:
// the runtime matches it against the device (an NVIDIA image's sm_XX, for one).
func withCompileTarget(file string, data []byte, target string) ([]byte, error) {
	reg, err := props.Parse(file, data)
	if err != nil {
		return nil, err
	}
	req := reg.Ensure(props.DeviceRequirements)
	if p, ok := req.Get("compile_target"); ok {
		if string(p.Bytes) == target {
			return data, nil
		}
		return nil, diag.Errorf(file, 0, "the image was made for compile_target %q, not %s", p.Bytes, target)
	}
	req.AddBytes("compile_target", []byte(target))
	return reg.Bytes(), nil
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
		return diag.Errorf(table, line, "target %s: ocloc %s does not know device %q; point SYCL_OCLOC at a newer ocloc (oneAPI) or choose another target",
			t.Name, oclocVersion(env, ocloc), device)
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
	if err != nil || len(strings.TrimSpace(string(v))) == 0 {
		return "(version unknown)"
	}
	return strings.TrimSpace(string(v))
}

// Verb is `sycl-device aot`.
func Verb() *cli.Verb {
	var target, cfgFile, outDir string
	var tools Tools
	var dryRun bool
	return &cli.Verb{
		Name:    "aot",
		Summary: "compile every image of a table for a device target (SPIR-V, SPIR 1.2, PTX, ocloc, opencl-aot)",
		Usage:   "aot -target=T --out-dir=DIR [--llc=P] [--llvm-spirv=P] [--ocloc=P] [--opencl-aot=P] [--ptxas=P] [--dry-run] TABLE",
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&target, "target", "", "device target (or alias)")
			fs.StringVar(&cfgFile, "device-config-file", "", "device configuration YAML (default: built-in)")
			fs.StringVar(&outDir, "out-dir", "", "directory for the images and files.table")
			fs.StringVar(&tools.LLC, "llc", "", "llc")
			fs.StringVar(&tools.LLVMSpirv, "llvm-spirv", "", "llvm-spirv (SPIR-V to SPIR 1.2 bitcode)")
			fs.StringVar(&tools.Ocloc, "ocloc", "", "ocloc")
			fs.StringVar(&tools.OpenCLAOT, "opencl-aot", "", "opencl-aot")
			fs.StringVar(&tools.Ptxas, "ptxas", "", "ptxas (NVIDIA targets: also assemble a cubin for the target's sm_XX)")
			fs.StringVar(&tools.KernelLocations, "kernel-locations", "", "the propagate step's kernel locations (errors name each kernel's source line)")
			fs.BoolVar(&dryRun, "dry-run", false, "print the commands instead of running them")
		},
		Run: func(env *cli.Env, fs *flag.FlagSet, args []string) error {
			if target == "" || outDir == "" || len(args) != 1 {
				return diag.Usagef("aot: need -target=T, --out-dir=DIR and one table")
			}
			ts, err := devconfig.LoadTargets(cfgFile, target)
			if err != nil {
				return devconfig.VerbError("aot", err)
			}
			return Compile(env, args[0], ts[0], tools, outDir, dryRun)
		},
	}
}
