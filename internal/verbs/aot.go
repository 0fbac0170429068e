package verbs

import (
	"flag"
	"path/filepath"

	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/imagecompile"
)

// AOT is `sycl-device aot`.
func AOT() *cli.Verb {
	var target, cfgFile, outDir string
	var tools imagecompile.Tools
	var rt imagecompile.RetargetTools
	var dryRun bool
	return &cli.Verb{
		Name:    "aot",
		Summary: "compile every image of a table for a device target (SPIR-V, SPIR 1.2, PTX, ocloc, opencl-aot)",
		Usage:   "aot -target=T --out-dir=DIR [--llc=P] [--<AOT tool binary>=P ...] [--spirv-translator=P] [--nvptx-builtins=BC --llvm-link=P --opt=P [--libdevice=BC]] [--dry-run] TABLE",
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&target, "target", "", "device target (or alias)")
			fs.StringVar(&cfgFile, "device-config-file", "", "device configuration YAML (default: built-in)")
			fs.StringVar(&outDir, "out-dir", "", "directory for the images and files.table")
			fs.StringVar(&tools.LLC, "llc", "", "llc")
			fs.StringVar(&tools.Translator, "spirv-translator", "", "a DPC++ toolchain's llvm-spirv: writes SPIR-V with DPC++'s options instead of llc")
			tools.Binaries = map[string]string{}
			for _, k := range devconfig.AOTTools {
				if k.Binary != "" {
					fs.Var(binaryFlag{tools.Binaries, k.Binary}, k.Binary, k.BinaryWhat)
				}
			}
			fs.StringVar(&tools.KernelLocations, "kernel-locations", "", "the propagate step's kernel locations (errors name each kernel's source line)")
			fs.StringVar(&rt.Builtins, "nvptx-builtins", "", "rules_sycl's NVPTX __spirv_* builtins (bitcode): the images of an NVIDIA target are retargeted from SPIR modules and linked with them")
			fs.StringVar(&rt.Libdevice, "libdevice", "", "NVIDIA's libdevice.10.bc, which the NVPTX builtins' math calls")
			fs.StringVar(&rt.LLVMLink, "llvm-link", "", "llvm-link (with --nvptx-builtins)")
			fs.StringVar(&rt.Opt, "opt", "", "opt (with --nvptx-builtins)")
			fs.BoolVar(&dryRun, "dry-run", false, "print the commands instead of running them")
		},
		Run: func(env *cli.Env, fs *flag.FlagSet, args []string) error {
			if target == "" || outDir == "" || len(args) != 1 {
				return diag.Usagef("aot: need -target=T, --out-dir=DIR and one table")
			}
			if rt.Builtins != "" {
				if rt.LLVMLink == "" || rt.Opt == "" {
					return diag.Usagef("aot: --nvptx-builtins needs --llvm-link and --opt")
				}
				tools.Retarget = &rt
			}
			if imagecompile.SameDir(filepath.Dir(args[0]), outDir) {
				return diag.Usagef("aot: --out-dir=%s is the input table's directory: its files.table would overwrite the input", outDir)
			}
			ts, err := devconfig.LoadTargets(cfgFile, target)
			if err != nil {
				return devconfig.VerbError("aot", err)
			}
			return imagecompile.Compile(env, args[0], ts[0], tools, outDir, dryRun)
		},
	}
}

// binaryFlag sets one AOT tool's executable in Tools.Binaries.
type binaryFlag struct {
	m    map[string]string
	name string
}

func (f binaryFlag) String() string {
	if f.m == nil {
		return ""
	}
	return f.m[f.name]
}

func (f binaryFlag) Set(v string) error { f.m[f.name] = v; return nil }
