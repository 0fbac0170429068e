package devverbs

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/rules-sycl/rules_sycl/internal/aspects"
	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/filetable"
	"github.com/rules-sycl/rules_sycl/internal/mapfile"
	"github.com/rules-sycl/rules_sycl/internal/props"
)

// InspectVerb is `sycl-device inspect`: what is in tables, and whether a target can run it.
func InspectVerb() *cli.Verb {
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
				if err := inspectTable(w, file, t, allowOutside); err != nil {
					return err
				}
			}
			return w.Flush()
		},
	}
}

// inspectTable writes one line per image of the table in file: its kernels, required
// aspects and sizes, and with t whether t can run it (and why not).
func inspectTable(w io.Writer, file string, t *devconfig.Target, allowOutside bool) error {
	data, err := mapfile.ReadInput(file)
	if err != nil {
		return diag.Errorf(file, 0, "cannot read: %v", err)
	}
	tab, err := filetable.Parse(file, data)
	if err != nil {
		return err
	}
	read := func(line int, cell, what string) (string, []byte, error) {
		p, err := filetable.Resolve(file, line, cell, allowOutside)
		if err != nil {
			return "", nil, err
		}
		b, err := mapfile.ReadInput(p)
		if err != nil {
			return "", nil, diag.Errorf(file, line, "cannot read %s %s: %v", what, cell, err)
		}
		return p, b, nil
	}
	for i, row := range tab.Rows {
		line := tab.Lines[i]
		kernels := "-"
		var reg *props.Registry
		var reqs *props.Set
		if c := tab.Column(filetable.Symbols); c >= 0 {
			_, sym, err := read(line, row[c], "symbols")
			if err != nil {
				return err
			}
			kernels = strings.Join(strings.Fields(string(sym)), ",")
		}
		if c := tab.Column(filetable.Properties); c >= 0 {
			var err error
			if reg, reqs, err = devconfig.ReadRequirements(file, line, row[c], allowOutside); err != nil {
				return err
			}
		}
		cols := append([]string{file, row[0], kernels}, requirementColumns(reqs)...)
		if t != nil {
			ok, why := t.CheckRow(reg, reqs, devconfig.DPCPP) // the mode the build filters in (aspect-filter --dpcpp)
			if ok {
				why = "ok"
			}
			cols = append(cols, why)
		}
		fmt.Fprintln(w, strings.Join(cols, "\t"))
	}
	return nil
}

// requirementColumns formats the aspects, sub-group size and work-group size of a
// [SYCL/device requirements] set ("-" where absent, "(none)" for no aspects).
func requirementColumns(reqs *props.Set) []string {
	asp, sg, wg := "-", "-", "-"
	if reqs != nil {
		if pa, ok := reqs.Get("aspects"); ok {
			vals, _ := pa.U32Array()
			table := aspects.Builtin()
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
	if asp == "" {
		asp = "(none)"
	}
	return []string{asp, sg, wg}
}
