package verbs

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/aspectprop"
	"github.com/rules-sycl/rules_sycl/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/devicemath"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/kernelinfo"
	"github.com/rules-sycl/rules_sycl/internal/kernelloc"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/internal/mapfile"
	"github.com/rules-sycl/rules_sycl/internal/memlimit"
	"github.com/rules-sycl/rules_sycl/internal/modfile"
	"github.com/rules-sycl/rules_sycl/internal/split"
)

type propagateFlags struct {
	text, validate, werror bool
	lower                  bool
	out, fixed, exclude    string
	infer, locations, math string
	provided               cli.Multi
	exported               string
}

// maxSymbolsFile bounds a --provided-symbols file (names, one per line).
const maxSymbolsFile = 64 << 20

// Propagate is `sycl-device propagate`.
func Propagate() *cli.Verb {
	fl := &propagateFlags{}
	return &cli.Verb{
		Name:    "propagate",
		Summary: "propagate aspect usage through the call graph (DPC++ SYCLPropagateAspectsUsage)",
		Usage:   "propagate [-S] [-o OUT] [--validate [--Werror]] [--fixed-targets=a,b] [--exclude-aspects=a,b] [--infer=auto|on|off] [--lower-annotations] [--lower-math=MODE [--provided-symbols=FILE]...] [--exported-symbols=FILE] IN.ll",
		Flags: func(fs *flag.FlagSet) {
			fs.BoolVar(&fl.text, "S", true, "write textual IR (the only output form; bitcode goes through llvm-as)")
			fs.StringVar(&fl.out, "o", "-", "output file ('-' for standard output)")
			fs.BoolVar(&fl.validate, "validate", false, "warn about aspects used but not listed in sycl::device_has")
			fs.BoolVar(&fl.werror, "Werror", false, "with --validate: treat the warnings as errors (exit 1, no output)")
			fs.StringVar(&fl.fixed, "fixed-targets", "", "comma list recorded as !sycl_fixed_targets on entry points")
			fs.StringVar(&fl.exclude, "exclude-aspects", "", "comma list of aspects not to record as used")
			fs.BoolVar(&fl.lower, "lower-annotations", false, "first lower rsycl/sycl_lite.h's requirement annotations to DPC++ metadata (!sycl_declared_aspects, !reqd_work_group_size, !intel_reqd_sub_group_size)")
			fs.StringVar(&fl.locations, "kernel-locations", "", "also write each kernel's source location (symbol, tab, file:line per line) to this file, for messages that name kernels")
			fs.StringVar(&fl.math, "lower-math", "", "first rename C math calls to OpenCL built-ins: spirv (SPIR targets), spirv-no-devicelibs (as spirv, and fail at a call to any other C library function: DPC++'s front end without its device libraries), libclc (also the transcendental intrinsics, for libclc's NVPTX and AMD libraries), nolibclc:TARGET (as libclc, but fail when device code calls math: TARGET's toolchain has no libclc)")
			fs.Var(&fl.provided, "provided-symbols", "with --lower-math=spirv-no-devicelibs: a file of function names (one per line) that other device images define (the exported SYCL_EXTERNAL functions of the program's shared libraries): calls of them are imports, not C library calls (repeatable)")
			fs.StringVar(&fl.exported, "exported-symbols", "", "also write the names of the SYCL_EXTERNAL functions the module defines (one per line, sorted): what a shared library's images export")
			fs.StringVar(&fl.infer, "infer", "auto", "infer fp16 from half and atomic64 from 64-bit atomics: auto (when the IR has no DPC++ aspect metadata), on, off")
		},
		Run: func(env *cli.Env, fs *flag.FlagSet, args []string) error { return runPropagate(env, fl, args) },
	}
}

func runPropagate(env *cli.Env, fl *propagateFlags, args []string) error {
	if len(args) != 1 {
		return diag.Usagef("propagate: want exactly one input file, got %d", len(args))
	}
	opts := aspectprop.Options{Validate: fl.validate || fl.werror, FixedTargets: cli.SplitList(fl.fixed), ExcludeAspects: cli.SplitList(fl.exclude)}
	switch fl.infer {
	case "auto":
		opts.Infer = aspectprop.InferAuto
	case "on":
		opts.Infer = aspectprop.InferOn
	case "off":
		opts.Infer = aspectprop.InferOff
	default:
		return diag.Usagef("propagate: --infer must be auto, on or off, not %q", fl.infer)
	}
	in := args[0]
	input, err := modfile.Open(in)
	if err != nil {
		return err
	}
	defer input.Close() // after the outputs are written: they are spliced from the input
	m, src := input.Module, input.Module.Src
	defer memlimit.Hold()()
	// The locations of the module as written (before lowering), saved with the outputs:
	// a failed run leaves the previous file.
	var locations []byte
	if fl.locations != "" {
		locations = kernelloc.Format(m)
	}
	if m, err = lowerModule(in, src, m, fl); err != nil {
		return err
	}
	res, err := aspectprop.Run(m, opts)
	if err != nil {
		return err
	}
	for _, d := range res.Diagnostics {
		lines := d.Lines
		if fl.werror {
			lines = append([]string(nil), lines...)
			lines[0] = strings.Replace(lines[0], "warning: ", "error: ", 1)
		}
		fmt.Fprintln(env.Stderr, strings.Join(lines, "\n"))
	}
	if fl.werror && len(res.Diagnostics) > 0 {
		return fmt.Errorf("%s: %d device_has error(s)", in, len(res.Diagnostics))
	}
	if fl.out == "-" {
		_, err = res.Editor.WriteTo(env.Stdout)
	} else {
		err = atomicfile.Write(fl.out, 0o644, func(w io.Writer) error {
			_, err := res.Editor.WriteTo(w)
			return err
		})
	}
	if err != nil {
		return err
	}
	if fl.exported != "" {
		if err := atomicfile.WriteFile(fl.exported, exportedSymbols(m), 0o644); err != nil {
			return err
		}
	}
	if fl.locations == "" {
		return nil
	}
	return atomicfile.WriteFile(fl.locations, locations, 0o644)
}

// exportedSymbols lists the SYCL_EXTERNAL functions m defines (split.Importable), one per
// line, sorted: other images may import them.
func exportedSymbols(m *llvmir.Module) []byte {
	var names []string
	for _, f := range m.Funcs {
		if !f.Decl && f.CallConv == "spir_func" && split.Importable(m, f) {
			names = append(names, f.Name)
		}
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		b.WriteString(n + "\n")
	}
	return []byte(b.String())
}

// providedSymbols reads the --provided-symbols files: the names of the functions other
// device images define.
func providedSymbols(files []string) (map[string]bool, error) {
	out := map[string]bool{}
	for _, file := range files {
		data, err := mapfile.ReadRegular(file, maxSymbolsFile)
		if err != nil {
			return nil, err
		}
		for i, line := range strings.Split(string(data), "\n") {
			if line == "" {
				continue
			}
			if strings.ContainsAny(line, " \t\r\x00") {
				return nil, diag.Errorf(file, i+1, "%q is not a function name", line)
			}
			out[line] = true
		}
	}
	return out, nil
}

// lowerModule applies --lower-annotations and --lower-math to m (read from src).
func lowerModule(in string, src []byte, m *llvmir.Module, fl *propagateFlags) (*llvmir.Module, error) {
	reparse := func(text []byte) (*llvmir.Module, error) {
		out, err := llvmir.Parse(in, text)
		if err != nil {
			return nil, fmt.Errorf("%s: the lowered module does not read back (a bug): %v", in, err)
		}
		return out, nil
	}
	if fl.lower {
		lowered, err := kernelinfo.Lower(m)
		if err != nil {
			return nil, err
		}
		if lowered != nil {
			if m, err = reparse(lowered); err != nil {
				return nil, err
			}
			src = lowered
		}
	}
	if fl.math == "" {
		return m, nil
	}
	mode, missing := devicemath.SPIRV, ""
	switch {
	case fl.math == "spirv":
	case fl.math == "spirv-no-devicelibs":
		mode = devicemath.SPIRVNoDeviceLibs
	case fl.math == "libclc":
		mode = devicemath.Libclc
	case strings.HasPrefix(fl.math, "nolibclc:"):
		mode, missing = devicemath.Libclc, strings.TrimPrefix(fl.math, "nolibclc:")
	default:
		return nil, diag.Usagef("propagate: --lower-math is spirv, spirv-no-devicelibs, libclc or nolibclc:TARGET, not %q", fl.math)
	}
	provided, err := providedSymbols(fl.provided)
	if err != nil {
		return nil, err
	}
	if len(provided) > 0 && mode != devicemath.SPIRVNoDeviceLibs {
		return nil, diag.Usagef("propagate: --provided-symbols goes with --lower-math=spirv-no-devicelibs")
	}
	r, err := devicemath.Lower(m, src, mode, provided)
	if err != nil {
		return nil, err
	}
	if r.Text == nil {
		return m, nil
	}
	if missing != "" {
		return nil, fmt.Errorf("%s: device code calls %s; target %s needs libclc (Debian's libclc-22) for device math, which the SYCL toolchain does not have", in, strings.Join(r.Renamed, ", "), missing)
	}
	return reparse(r.Text)
}
