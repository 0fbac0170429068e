package devverbs

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/rules-sycl/rules_sycl/internal/aspects"
	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/filetable"
	"github.com/rules-sycl/rules_sycl/internal/props"
)

// InspectVerb is `sycl-device inspect`: what is in tables, and whether a target can run it.
func InspectVerb() *cli.Verb {
	var target, cfgFile string
	var allowOutside bool
	return &cli.Verb{
		Name:    "inspect",
		Summary: "list the images of tables: kernels, aspects, sizes; with --target, which ones it can run and why not",
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
			table := aspects.Builtin()
			w := tabwriter.NewWriter(env.Stdout, 0, 4, 2, ' ', 0)
			header := "TABLE\tIMAGE\tKERNELS\tASPECTS\tSUB-GROUP\tWORK-GROUP"
			if t != nil {
				header += "\t" + t.Name
			}
			fmt.Fprintln(w, header)
			for _, file := range args {
				data, err := os.ReadFile(file)
				if err != nil {
					return diag.Errorf(file, 0, "cannot read: %v", err)
				}
				tab, err := filetable.Parse(file, data)
				if err != nil {
					return err
				}
				for i, row := range tab.Rows {
					line := tab.Lines[i]
					kernels, asp, sg, wg := "-", "-", "-", "-"
					var reqs *props.Set
					if c := tab.Column(filetable.Symbols); c >= 0 {
						p, err := filetable.Resolve(file, line, row[c], allowOutside)
						if err != nil {
							return err
						}
						sym, err := os.ReadFile(p)
						if err != nil {
							return diag.Errorf(file, line, "cannot read symbols %s: %v", row[c], err)
						}
						kernels = strings.Join(strings.Fields(string(sym)), ",")
					}
					if c := tab.Column(filetable.Properties); c >= 0 {
						p, err := filetable.Resolve(file, line, row[c], allowOutside)
						if err != nil {
							return err
						}
						pdata, err := os.ReadFile(p)
						if err != nil {
							return diag.Errorf(file, line, "cannot read properties %s: %v", row[c], err)
						}
						reg, err := props.Parse(p, pdata)
						if err != nil {
							return err
						}
						if reqs = reg.Set(props.DeviceRequirements); reqs != nil {
							if pa, ok := reqs.Get("aspects"); ok {
								vals, _ := pa.U32Array()
								var names []string
								for _, v := range vals {
									names = append(names, table.Display(int(v)))
								}
								asp = strings.Join(names, ",")
							}
							if ps, ok := reqs.Get("reqd_sub_group_size"); ok {
								sg = fmt.Sprint(ps.U32)
							}
							if pw, ok := reqs.Get("reqd_work_group_size_uint64_t"); ok {
								vals, _ := pw.U64Array()
								wg = strings.Trim(strings.ReplaceAll(fmt.Sprint(vals), " ", "x"), "[]")
							}
						}
					}
					if asp == "" {
						asp = "(none)"
					}
					cols := []string{file, row[0], kernels, asp, sg, wg}
					if t != nil {
						ok, why := t.Check(reqs, devconfig.DesignDocument)
						if ok {
							why = "ok"
						}
						cols = append(cols, why)
					}
					fmt.Fprintln(w, strings.Join(cols, "\t"))
				}
			}
			return w.Flush()
		},
	}
}
