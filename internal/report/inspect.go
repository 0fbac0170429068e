package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/aspects"
	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/filetable"
	"github.com/rules-sycl/rules_sycl/internal/mapfile"
	"github.com/rules-sycl/rules_sycl/internal/props"
)

// Inspect writes one line per image of the table in file: its kernels, required
// aspects and sizes, and with t whether t can run it (and why not).
func Inspect(w io.Writer, file string, t *devconfig.Target, allowOutside bool) error {
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
