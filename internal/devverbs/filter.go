package devverbs

import (
	"errors"
	"flag"
	"path/filepath"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/filetable"
	"github.com/rules-sycl/rules_sycl/internal/mapfile"
)

// FilterVerb is `sycl-device aspect-filter`, the specification's aspect filter tool.
func FilterVerb() *cli.Verb {
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
			res, err := FilterMode(args[0], t, mode, allowOutside, out)
			if err != nil {
				return err
			}
			return atomicfile.WriteFile(out, res.Bytes(), 0o644)
		},
	}
}

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
