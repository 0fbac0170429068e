package verbs

import (
	"errors"
	"flag"

	"github.com/rules-sycl/rules_sycl/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/filter"
)

// AspectFilter is `sycl-device aspect-filter`, the specification's aspect filter tool.
func AspectFilter() *cli.Verb {
	var target, cfgFile, out string
	var allowOutside, dpcpp bool
	return &cli.Verb{
		Name:    "aspect-filter",
		Aliases: []string{"sycl-aspect-filter"},
		Summary: "keep the file-table rows a target can run (the specification's aspect filter)",
		Usage:   "aspect-filter -target=T [-device-config-file=F] -o OUT IN",
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&target, "target", "", "target (or alias) to filter for")
			fs.StringVar(&cfgFile, "device-config-file", "", "device configuration YAML (default: built-in)")
			fs.StringVar(&out, "o", "", "output table")
			fs.BoolVar(&allowOutside, "allow-outside-paths", false, "accept absolute cells and cells leaving the table's directory")
			fs.BoolVar(&dpcpp, "dpcpp", false, "DPC++'s folded check instead of the specification's: a target that may support other aspects keeps images needing unlisted aspects (generic spir64 JIT images), ESIMD images skip the sub-group check")
		},
		Run: func(env *cli.Env, fs *flag.FlagSet, args []string) error {
			if target == "" || out == "" || len(args) != 1 {
				return diag.Usagef("aspect-filter: need -target=T, -o OUT and one input table")
			}
			ts, err := devconfig.LoadTargets(cfgFile, target)
			var unknown *devconfig.UnknownTargetError
			if errors.As(err, &unknown) {
				return diag.Errorf(args[0], 0, "%v", unknown)
			} else if err != nil {
				return err
			}
			t := ts[0]
			mode := devconfig.Specification
			if dpcpp {
				mode = devconfig.DPCPP
			}
			res, err := filter.FilterMode(args[0], t, mode, allowOutside, out)
			if err != nil {
				return err
			}
			return atomicfile.WriteFile(out, res.Bytes(), 0o644)
		},
	}
}
