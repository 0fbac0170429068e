package verbs

import (
	"encoding/json"
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/gen"
)

// Devices is `sycl-device devices`: print the effective configuration.
func Devices() *cli.Verb {
	var cfgFile, format string
	return &cli.Verb{
		Name:    "devices",
		Summary: "print the effective device configuration (a start for your own file)",
		Usage:   "devices [--device-config-file F] [--format=yaml|json|table|bzl]",
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&cfgFile, "device-config-file", "", "device configuration YAML (default: built-in)")
			fs.StringVar(&format, "format", "yaml", "output format: yaml, json, table or bzl (Starlark data for toolchain/devices.bzl)")
		},
		Run: func(env *cli.Env, fs *flag.FlagSet, args []string) error {
			if len(args) != 0 {
				return diag.Usagef("devices: unexpected argument %q", args[0])
			}
			cfg, err := devconfig.Load(cfgFile, devconfig.ReadFile)
			if err != nil {
				return err
			}
			switch format {
			case "yaml":
				_, err = env.Stdout.Write(cfg.YAML())
			case "json":
				var b []byte
				b, err = json.MarshalIndent(cfg.Targets, "", "  ")
				if err == nil {
					_, err = env.Stdout.Write(append(b, '\n'))
				}
			case "bzl":
				_, err = env.Stdout.Write(gen.DevicesBzl(cfg))
			case "table":
				w := tabwriter.NewWriter(env.Stdout, 0, 4, 2, ' ', 0)
				fmt.Fprintln(w, "TARGET\tTRIPLE\tSUB-GROUPS\tOTHER\tAOT\tASPECTS\tALIASES")
				for _, t := range cfg.Targets {
					fmt.Fprintf(w, "%s\t%s\t%s\t%v\t%s\t%s\t%s\n", t.Name, t.Triple, devconfig.JoinInts(t.SubGroupSizes, ","),
						t.MaySupportOther, t.AOT.Tool, strings.Join(t.Aspects, ","), strings.Join(t.Aliases, ","))
				}
				err = w.Flush()
			default:
				return diag.Usagef("devices: --format must be yaml, json, table or bzl")
			}
			return err
		},
	}
}
