package devconfig

import (
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/filetable"
	"github.com/rules-sycl/rules_sycl/internal/mapfile"
	"github.com/rules-sycl/rules_sycl/internal/props"
)

// ReadRequirements reads the properties file a table row's Properties cell names, and
// its [SYCL/device requirements] set (nil when the image has none), checked for the
// shapes the compatibility check reads. Errors name the table row.
func ReadRequirements(table string, line int, cell string, allowOutside bool) (*props.Registry, *props.Set, error) {
	path, err := filetable.Resolve(table, line, cell, allowOutside)
	if err != nil {
		return nil, nil, err
	}
	pdata, err := mapfile.ReadInput(path)
	if err != nil {
		return nil, nil, diag.Errorf(table, line, "cannot read properties %s: %v", cell, err)
	}
	reg, err := props.Parse(path, pdata)
	if err != nil {
		return nil, nil, err
	}
	reqs, err := reg.Requirements()
	if err != nil {
		return nil, nil, diag.Errorf(table, line, "%s: %v", cell, err)
	}
	if err := ValidateRequirements(reqs); err != nil {
		return nil, nil, diag.Errorf(table, line, "%s: %v", cell, err)
	}
	return reg, reqs, nil
}
