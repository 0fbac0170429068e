package verbs

import (
	"flag"
	"fmt"
	"text/tabwriter"

	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/report"
)

// Inspect is `sycl-device inspect`: what is in tables, and whether a target can run it.
func Inspect() *cli.Verb {
	var target, cfgFile string
	var allowOutside bool
	return &cli.Verb{
		Name:    "inspect",
		Summary: "list the images of tables: kernels, aspects, sizes; with --target, which ones it can run and why not (as the build's filter decides: DPC++'s check)",
		Usage:   "inspect [--target=T] [--device-config-file F] TABLE...",
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&target, "target", "", "check every image against this target")
			fs.StringVar(&cfgFile, "device-config-file", "", "device configuration YAML (default: built-in)")
			fs.BoolVar(&allowOutside, "allow-outside-paths", false, "accept absolute cells and cells leaving the table's directory")
		},
		Run: func(env *cli.Env, fs *flag.FlagSet, args []string) error {
			if len(args) == 0 {
				return diag.Usagef("inspect: no table given")
			}
			var t *devconfig.Target
			if target != "" {
				ts, err := devconfig.LoadTargets(cfgFile, target)
				if err != nil {
					return devconfig.VerbError("inspect", err)
				}
				t = ts[0]
			}
			w := tabwriter.NewWriter(env.Stdout, 0, 4, 2, ' ', 0)
			header := "TABLE\tIMAGE\tKERNELS\tASPECTS\tSUB-GROUP\tWORK-GROUP"
			if t != nil {
				header += "\t" + t.Name
			}
			fmt.Fprintln(w, header)
			for _, file := range args {
				if err := report.Inspect(w, file, t, allowOutside); err != nil {
					return err
				}
			}
			return w.Flush()
		},
	}
}
