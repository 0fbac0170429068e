package verbs

import (
	"flag"
	"path/filepath"
	"strconv"

	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/specconst"
	"github.com/rules-sycl/rules_sycl/internal/split"
)

// PostLink is `sycl-device post-link`, compatible with DPC++'s sycl-post-link.
func PostLink() *cli.Verb {
	var (
		splitMode, outDir, devFile, llvmAs string
		specConst                          string
		defaultSpecImages                  bool
		symbols, properties, text          bool
		onlyKernels, kernelReqs, progMD    bool
		devGlobals, paramInfo, irOnly      bool
		deps                               imageDeps
		outs                               cli.Multi
	)
	return &cli.Verb{
		Name:    "post-link",
		Aliases: []string{"sycl-post-link"},
		Summary: "split device code and describe each image (DPC++ sycl-post-link)",
		Usage:   "post-link [-split=auto|source|kernel|none] [-spec-const=native|emulation] [-generate-device-image-default-spec-consts] [-device-globals] [-symbols] [-properties] [-S] -o [TARGET,]TABLE... [-out-dir DIR] [IN.ll]\n       post-link -ir-output-only [-spec-const=native|emulation] [-S] -o OUT [IN.ll]",
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&splitMode, "split", "auto", "split mode: auto, source, kernel or none")
			fs.BoolVar(&symbols, "symbols", false, "write a .sym file per image and a Symbols column")
			fs.BoolVar(&properties, "properties", false, "write a .prop file per image and a Properties column")
			fs.BoolVar(&text, "S", false, "write modules as text (.ll); otherwise bitcode (.bc) through llvm-as")
			fs.Var(&outs, "o", "output table, optionally TARGET,TABLE for the rows TARGET can run (repeatable)")
			fs.StringVar(&outDir, "out-dir", "", "directory for the images (default: the first table's)")
			fs.BoolVar(&onlyKernels, "emit-only-kernels-as-entry-points", false, "only kernels are entry points, not SYCL_EXTERNAL functions")
			fs.BoolVar(&kernelReqs, "emit-kernel-reqs", false, "add the per-kernel [SYCL/kernel reqs] property set")
			fs.BoolVar(&progMD, "emit-program-metadata", false, "add [SYCL/program metadata]: each kernel's required work-group and sub-group sizes")
			fs.BoolVar(&defaultSpecImages, "generate-device-image-default-spec-consts", false, "after each image that reads specialization constants, add a copy with them replaced by their defaults ([SYCL/misc properties] specConstsReplacedWithDefault)")
			fs.BoolVar(&devGlobals, "device-globals", false, "add [SYCL/device globals]: each device_global's size and device_image_scope")
			fs.BoolVar(&paramInfo, "emit-param-info", false, "add [SYCL/kernel param opt]: the arguments DPC++'s front end eliminated from each kernel (!sycl_kernel_omit_args)")
			fs.StringVar(&specConst, "spec-const", "", "lower SYCL 2020 specialization constants in each image: native (SPIR-V specialization constants) or emulation (loads from the kernel's buffer)")
			fs.StringVar(&devFile, "device-config-file", "", "device configuration YAML for TARGET tables (default: built-in)")
			fs.StringVar(&llvmAs, "llvm-as", "", "llvm-as for bitcode output (default: llvm-as-22 or llvm-as on PATH)")
			deps.flags(fs)
			fs.BoolVar(&irOnly, "ir-output-only", false, "write the one module (all entry points, specialization constants lowered) to -o OUT, no table; fails if it would have to be split")
		},
		Run: func(env *cli.Env, fs *flag.FlagSet, args []string) error {
			mode, ok := split.ParseMode(splitMode)
			if !ok {
				return diag.Usagef("post-link: -split must be auto, source, kernel or none, not %q", splitMode)
			}
			if len(outs) == 0 {
				return diag.Usagef("post-link: missing -o TABLE")
			}
			if irOnly {
				if err := checkIROutputOnly(fs, mode, splitMode, len(outs)); err != nil {
					return err
				}
			}
			scMode, ok := specconst.ParseMode(specConst)
			if !ok {
				return diag.Usagef("post-link: -spec-const must be native or emulation, not %q", specConst)
			}
			cfg, err := devconfig.Load(devFile, devconfig.ReadFile)
			if err != nil {
				return err
			}
			in, err := parseModule(env, args)
			if err != nil {
				return err
			}
			defer in.Close()
			return split.PostLink(env, in, split.PostLinkOptions{
				Mode: mode, OnlyKernels: onlyKernels, KernelReqs: kernelReqs, ProgramMetadata: progMD, DeviceGlobals: devGlobals, ParamInfo: paramInfo,
				DefaultSpecImages: defaultSpecImages, Symbols: symbols, Properties: properties, Text: text, Outs: outs, OutDir: outDir,
				Config: cfg, LLVMAs: llvmAs, SpecConst: scMode, IROutputOnly: irOnly,
				DeviceImageDependencies: deps.allow, ExportedSymbols: deps.exported, ImportedSymbols: deps.imported,
			})
		},
	}
}

// checkIROutputOnly refuses what sycl-post-link refuses with -ir-output-only: nothing but
// the module is written.
func checkIROutputOnly(fs *flag.FlagSet, mode split.Mode, splitMode string, outs int) error {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	for _, name := range []string{"symbols", "emit-param-info", "emit-program-metadata", "emit-exported-symbols"} {
		if set[name] {
			return diag.Usagef("post-link: -%s can't be used with -ir-output-only", name)
		}
	}
	if set["split"] && mode != split.ModeAuto {
		return diag.Usagef("post-link: -split=%s can't be used with -ir-output-only", splitMode)
	}
	if outs > 1 {
		return diag.Usagef("post-link: -ir-output-only writes one module: give one -o")
	}
	return nil
}

// Split is `sycl-device split`: the split for Bazel, into a fixed number of shards.
func Split() *cli.Verb {
	var (
		splitMode, outDir       string
		shards                  int
		shardDirs               cli.Multi
		onlyKernels, kernelReqs bool
		progMD, vfSets          bool
		deps                    imageDeps
	)
	return &cli.Verb{
		Name:    "split",
		Summary: "split device code into a fixed number of shard directories with stable row names",
		Usage:   "split (--shards=S --out-dir=DIR | --shard-dir=D0 --shard-dir=D1 ...) [-split=MODE] IN.ll",
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&splitMode, "split", "auto", "split mode: auto, source (per_source), kernel (per_kernel) or none (off)")
			fs.IntVar(&shards, "shards", 0, "number of shards (with --out-dir: DIR/shard_0 ... DIR/shard_<S-1>)")
			fs.StringVar(&outDir, "out-dir", "", "directory for the shard directories")
			fs.Var(&shardDirs, "shard-dir", "a shard directory (repeatable; their number is the shard count)")
			fs.BoolVar(&onlyKernels, "emit-only-kernels-as-entry-points", false, "only kernels are entry points")
			fs.BoolVar(&kernelReqs, "emit-kernel-reqs", false, "add the per-kernel [SYCL/kernel reqs] property set")
			fs.BoolVar(&progMD, "emit-program-metadata", false, "add [SYCL/program metadata]: each kernel's required work-group and sub-group sizes")
			fs.BoolVar(&vfSets, "virtual-function-sets", false, "virtual functions as sycl-post-link's JIT flow splits them: images of their own per set, [SYCL/virtual functions], stand-in images for sets that need optional aspects (for targets whose runtime links images: libsycl, JIT SPIR-V)")
			deps.flags(fs)
		},
		Run: func(env *cli.Env, fs *flag.FlagSet, args []string) error {
			mode, ok := split.ParseMode(splitMode)
			if !ok {
				return diag.Usagef("split: -split must be auto, source, kernel or none, not %q", splitMode)
			}
			dirs := []string(shardDirs)
			if len(dirs) > split.MaxShards {
				return diag.Usagef("split: %d shard directories: at most %d", len(dirs), split.MaxShards)
			}
			switch {
			case len(dirs) > 0 && (shards != 0 || outDir != ""):
				return diag.Usagef("split: use either --shard-dir or --shards with --out-dir")
			case len(dirs) == 0:
				if shards > split.MaxShards {
					return diag.Usagef("split: --shards=%d: at most %d shards", shards, split.MaxShards)
				}
				if shards <= 0 || outDir == "" {
					return diag.Usagef("split: need --shards=S (S >= 1) and --out-dir=DIR, or --shard-dir")
				}
				for i := 0; i < shards; i++ {
					dirs = append(dirs, filepath.Join(outDir, "shard_"+strconv.Itoa(i)))
				}
			}
			in, err := parseModule(env, args)
			if err != nil {
				return err
			}
			defer in.Close()
			// DPC++'s driver always asks sycl-post-link for -device-globals and
			// -emit-param-info.
			return split.SplitShards(in.Module, in.Text(), split.Options{Mode: mode, EmitOnlyKernels: onlyKernels, RequirementSplit: true, VirtualFunctions: vfSets}, split.ImageOptions{
				KernelReqs: kernelReqs, ProgramMetadata: progMD, DeviceGlobals: true, ParamInfo: true, VirtualFunctions: vfSets,
				DeviceImageDependencies: deps.allow, ExportedSymbols: deps.exported, ImportedSymbols: deps.imported,
			}, dirs)
		},
	}
}

// imageDeps are the options of device image dependencies, as sycl-post-link names them.
type imageDeps struct{ allow, exported, imported bool }

func (d *imageDeps) flags(fs *flag.FlagSet) {
	fs.BoolVar(&d.allow, "allow-device-image-dependencies", false, "images may call functions other images define (SYCL_EXTERNAL functions are declared, not copied; the rest is internalized); libsycl links them at run time")
	fs.BoolVar(&d.exported, "emit-exported-symbols", false, "add [SYCL/exported symbols]: the image's SYCL_EXTERNAL entry points")
	fs.BoolVar(&d.imported, "emit-imported-symbols", false, "add [SYCL/imported symbols]: the SYCL_EXTERNAL functions the image declares")
}
