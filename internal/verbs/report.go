package verbs

import (
	"flag"
	"fmt"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/kernelloc"
	"github.com/rules-sycl/rules_sycl/internal/report"
)

// Report is `sycl-device report`: the kernel × target compatibility page.
func Report() *cli.Verb {
	var cfgFile, out, title, unrunnable string
	var allowOutside bool
	var locations cli.Multi
	return &cli.Verb{
		Name:    "report",
		Summary: "write the kernel × target compatibility page (HTML) of shard and image tables",
		Usage:   "report -o OUT.html [--title T] [--device-config-file F] [--kernel-locations F]... [--unrunnable=warn|error] TARGET=SHARD_TABLE=IMAGE_TABLE...",
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&cfgFile, "device-config-file", "", "device configuration YAML (default: built-in)")
			fs.StringVar(&out, "o", "", "output HTML file")
			fs.StringVar(&title, "title", "SYCL program", "the page's title (the program's label)")
			fs.Var(&locations, "kernel-locations", "a kernel locations file of the propagate step (repeatable): rows show each kernel's source line")
			fs.BoolVar(&allowOutside, "allow-outside-paths", false, "accept absolute cells and cells leaving the table's directory")
			fs.StringVar(&unrunnable, "unrunnable", "", "warn: print a warning per kernel no target has an image of; error: fail with them")
		},
		Run: func(env *cli.Env, fs *flag.FlagSet, args []string) error {
			if out == "" || len(args) == 0 {
				return diag.Usagef("report: need -o OUT.html and at least one TARGET=SHARD_TABLE=IMAGE_TABLE")
			}
			var specs []report.Spec
			seen := map[string]bool{}
			for _, a := range args {
				if seen[a] {
					return diag.Usagef("report: %s is given twice (its images would count twice)", a)
				}
				seen[a] = true
				s, err := report.ParseSpec(a)
				if err != nil {
					return err
				}
				specs = append(specs, s)
			}
			cfg, err := devconfig.Load(cfgFile, devconfig.ReadFile)
			if err != nil {
				return err
			}
			r, err := report.Build(title, cfg, specs, allowOutside)
			if err != nil {
				return devconfig.VerbError("report", err)
			}
			locs, err := kernelloc.ReadAll(locations)
			if err != nil {
				return err
			}
			for i := range r.Kernels {
				r.Kernels[i].Location = locs[r.Kernels[i].Symbol]
			}
			if err := reportUnrunnable(env, r, unrunnable); err != nil {
				return err
			}
			page, err := r.HTML()
			if err != nil {
				return err
			}
			return atomicfile.WriteFile(out, page, 0o644)
		},
	}
}

// reportUnrunnable prints the kernels no target has an image of (mode "warn"), or fails
// with them (mode "error").
func reportUnrunnable(env *cli.Env, r *report.Report, mode string) error {
	switch mode {
	case "":
		return nil
	case "warn", "error":
	default:
		return diag.Usagef("report: --unrunnable is warn or error, not %q", mode)
	}
	severity := map[string]string{"warn": "warning", "error": "error"}[mode]
	lines := r.Unrunnable(severity)
	if len(lines) == 0 {
		return nil
	}
	if mode == "error" {
		return fmt.Errorf("%s", strings.Join(lines, "\n"))
	}
	for _, l := range lines {
		fmt.Fprintln(env.Stderr, l)
	}
	return nil
}
