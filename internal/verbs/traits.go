package verbs

import (
	"flag"

	"github.com/rules-sycl/rules_sycl/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/gen"
)

// Traits is `sycl-device traits`.
func Traits() *cli.Verb {
	var targets, cfgFile, out string
	return &cli.Verb{
		Name:    "traits",
		Summary: "any_device_has / all_devices_have for a target set, as a C++ header",
		Usage:   "traits --targets=a,b [--device-config-file F] [-o HEADER]",
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&targets, "targets", "", "comma list of targets (or aliases)")
			fs.StringVar(&cfgFile, "device-config-file", "", "device configuration YAML (default: built-in)")
			fs.StringVar(&out, "o", "-", "output header ('-' for standard output)")
		},
		Run: func(env *cli.Env, fs *flag.FlagSet, args []string) error {
			if len(args) != 0 {
				return diag.Usagef("traits: unexpected argument %q", args[0])
			}
			ts, err := devconfig.LoadTargets(cfgFile, cli.SplitList(targets)...)
			if err != nil {
				return devconfig.VerbError("traits", err)
			}
			names := make([]string, len(ts))
			for i, t := range ts {
				names[i] = t.Name
			}
			h := gen.TraitsHeader(names, gen.Traits(ts))
			if out == "-" {
				_, err := env.Stdout.Write(h)
				return err
			}
			return atomicfile.WriteFile(out, h, 0o644)
		},
	}
}
