// Package filter is the aspect filter: the rows of a file table that a device target's
// configuration can run (the specification's aspect filter tool, and DPC++'s folded
// check), judging each image's requirements and, for targets of native images, its
// device_if outcome (devconfig.Target.CheckRow). Kept rows' cells are rewritten relative
// to the output table.
package filter

import (
	"path/filepath"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/filetable"
	"github.com/rules-sycl/rules_sycl/internal/mapfile"
)

// Filter applies the specification's algorithm to the table in file: without a
// Properties column the table is copied; otherwise a row is kept when it has no
// [SYCL/device requirements] set or t satisfies it (devconfig.Specification mode). Rows keep their
// order; cells are rewritten relative to the directory of outFile.
func Filter(file string, t *devconfig.Target, allowOutside bool, outFile string) (*filetable.Table, error) {
	return FilterMode(file, t, devconfig.Specification, allowOutside, outFile)
}

// FilterMode is Filter with a choice of compatibility rule.
func FilterMode(file string, t *devconfig.Target, mode devconfig.Mode, allowOutside bool, outFile string) (*filetable.Table, error) {
	data, err := mapfile.ReadInput(file)
	if err != nil {
		return nil, diag.Errorf(file, 0, "cannot read: %v", err)
	}
	tab, err := filetable.Parse(file, data)
	if err != nil {
		return nil, err
	}
	pcol := tab.Column(filetable.Properties)
	res := &filetable.Table{Columns: tab.Columns, Titled: true}
	for i, row := range tab.Rows {
		line := tab.Lines[i]
		if pcol >= 0 {
			keep, err := rowFits(file, line, row[pcol], t, mode, allowOutside)
			if err != nil {
				return nil, err
			}
			if !keep {
				continue
			}
		}
		cells := make([]string, len(row))
		for c, cell := range row {
			moved, err := rebase(file, line, cell, outFile, allowOutside)
			if err != nil {
				return nil, err
			}
			cells[c] = moved
		}
		res.Add(cells...)
	}
	return res, nil
}

func rowFits(table string, line int, cell string, t *devconfig.Target, mode devconfig.Mode, allowOutside bool) (bool, error) {
	reg, reqs, err := devconfig.ReadRequirements(table, line, cell, allowOutside)
	if err != nil {
		return false, err
	}
	ok, _ := t.CheckRow(reg, reqs, mode)
	return ok, nil
}

// rebase makes a cell of table relative to the directory of out.
func rebase(table string, line int, cell, out string, allowOutside bool) (string, error) {
	path, err := filetable.Resolve(table, line, cell, allowOutside)
	if err != nil {
		return "", err
	}
	if filepath.IsAbs(cell) {
		return cell, nil
	}
	// Both absolute: an absolute -o with a relative table (or the reverse) is valid.
	absOut, err1 := filepath.Abs(out)
	absPath, err2 := filepath.Abs(path)
	if err1 != nil || err2 != nil {
		return "", diag.Errorf(table, line, "cannot express %s relative to %s", cell, out)
	}
	rel, err := filepath.Rel(filepath.Dir(absOut), absPath)
	if err != nil {
		return "", diag.Errorf(table, line, "cannot express %s relative to %s", cell, out)
	}
	if !allowOutside && (rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator))) {
		return "", diag.Errorf(table, line, "%s would leave the directory of the output table %s; write the output next to or above the input", cell, out)
	}
	return rel, nil
}
