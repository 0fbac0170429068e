package verbs

import (
	"flag"
	"io"

	"github.com/rules-sycl/rules_sycl/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/wrap"
)

// Wrap is `sycl-device wrap`.
func Wrap() *cli.Verb {
	var tables, runEnv, runEnvFiles cli.Multi
	var out, id string
	var allowOutside bool
	imageVersion := wrap.ImageVersion
	var numbering string
	var deviceIfReqs, incbin bool
	return &cli.Verb{
		Name:    "wrap",
		Summary: "embed device images and DPC++'s offload descriptor in a C source for the host program",
		Usage:   "wrap --table=TARGET:FORMAT:TABLE... [--id=NAME] [--image-version=2|3] [--aspect-numbering=NAME] [--device-if-as-requirements] [--incbin] [--run-env-runfile=NAME=PATH...] [--run-env=NAME=VALUE...] -o OUT.c",
		Flags: func(fs *flag.FlagSet) {
			fs.Var(&tables, "table", "TARGET:FORMAT:TABLE; TARGET is the descriptor's target (spir64, spir64_gen, spir64_x86_64, nvptx64, amdgcn), FORMAT none|native|spirv|llvmbc (repeatable)")
			fs.StringVar(&out, "o", "", "output C file")
			fs.StringVar(&id, "id", "program", "suffix that makes the descriptor's symbols unique")
			fs.IntVar(&imageVersion, "image-version", wrap.ImageVersion, "image layout: 2 with manifest pointers (DPC++ up to 2025, the test runtime), 3 without (DPC++ 2026, libsycl.so.9)")
			fs.StringVar(&numbering, "aspect-numbering", "", "the runtime's aspect numbering (dpcpp2025, dpcpp2026): device requirements are renumbered to it by name")
			fs.BoolVar(&deviceIfReqs, "device-if-as-requirements", false, "for a runtime that does not read rsycl/device_if (libsycl): one entry per outcome of each device_if variant, its aspects required, most capable first")
			fs.BoolVar(&incbin, "incbin", false, "include each image file with the assembler's .incbin (its path as the tables give it, relative to where the source is compiled) instead of writing its bytes into the source")
			fs.BoolVar(&allowOutside, "allow-outside-paths", false, "accept absolute cells and cells leaving a table's directory")
			fs.Var(&runEnv, "run-env", "NAME=VALUE of the runtime's environment, which an executable sets before main where its environment leaves it unset (repeatable)")
			fs.Var(&runEnvFiles, "run-env-runfile", "NAME=PATH: --run-env whose value is PATH (relative to the runfiles root) found under $RUNFILES_DIR or <executable>.runfiles when the program starts; if one is not found, no variable is set (repeatable)")
		},
		Run: func(env *cli.Env, fs *flag.FlagSet, args []string) error {
			if out == "" || len(args) != 0 {
				return diag.Usagef("wrap: need -o OUT.c and --table options only")
			}
			var inputs []wrap.Input
			for _, t := range tables {
				in, err := wrap.ParseInput(t)
				if err != nil {
					return err
				}
				in.AllowOutside = allowOutside
				inputs = append(inputs, in)
			}
			var vars []wrap.EnvVar
			for i, list := range []cli.Multi{runEnvFiles, runEnv} {
				for _, s := range list {
					v, err := wrap.ParseEnvVar(s, i == 0)
					if err != nil {
						return err
					}
					vars = append(vars, v)
				}
			}
			return atomicfile.Write(out, 0o644, func(w io.Writer) error {
				return wrap.GenerateTo(w, wrap.SanitizeID(id), inputs, wrap.Options{ImageVersion: imageVersion, AspectNumbering: numbering, DeviceIfAsRequirements: deviceIfReqs, Incbin: incbin, RunEnv: vars})
			})
		},
	}
}
