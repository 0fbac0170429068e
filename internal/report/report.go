// Package report writes the kernel × target compatibility page of a SYCL program: for
// every kernel of the split shards and every device target, whether the target has an
// image of the kernel, and if not why (the DPC++ runtime's wording for the missing
// aspect or size), as one self-contained HTML file (inline CSS, no script, no external
// asset).
package report

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/aspects"
	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/filetable"
	"github.com/rules-sycl/rules_sycl/internal/kernelloc"
	"github.com/rules-sycl/rules_sycl/internal/mapfile"
	"github.com/rules-sycl/rules_sycl/internal/props"
)

// Spec pairs a shard's table (the split's output, before any filter) with the table of
// the images one target got from it.
type Spec struct {
	Target string
	Shard  string
	Images string
}

// ParseSpec reads TARGET=SHARD_TABLE=IMAGE_TABLE.
func ParseSpec(s string) (Spec, error) {
	parts := strings.Split(s, "=")
	if len(parts) != 3 || parts[0] == "" || parts[1] == "" || parts[2] == "" {
		return Spec{}, diag.Usagef("report: %q is not TARGET=SHARD_TABLE=IMAGE_TABLE", s)
	}
	return Spec{Target: parts[0], Shard: parts[1], Images: parts[2]}, nil
}

// Image is one row of a table: a device image and what it needs.
type Image struct {
	Name     string   // the Code cell's base name
	Size     int64    // bytes of the Code file
	Kernels  []string // from the Symbols file
	Aspects  string   // required aspects, display names ("" for none)
	SubGroup string   // required sub-group size ("" for none)
	WorkGrp  string   // required work-group size ("" for none)
	DeviceIf string   // the device_if outcome of a variant ("" for a plain image)
	reqs     *props.Set
}

// Requirements is the image's requirements in one line.
func (im Image) Requirements() string {
	var parts []string
	if im.Aspects != "" {
		parts = append(parts, "aspects: "+im.Aspects)
	}
	if im.SubGroup != "" {
		parts = append(parts, "sub-group size: "+im.SubGroup)
	}
	if im.WorkGrp != "" {
		parts = append(parts, "work-group size: "+im.WorkGrp)
	}
	if im.DeviceIf != "" {
		parts = append(parts, "device_if: "+im.DeviceIf)
	}
	if len(parts) == 0 {
		return "no requirements"
	}
	return strings.Join(parts, "; ")
}

// Cell is one kernel on one target.
type Cell struct {
	Images []Image // the target's images that hold the kernel
	Reason string  // why there is none (DPC++ runtime wording)
}

// Kernel is a row.
type Kernel struct {
	Symbol    string
	Demangled string // the kernel's name as written ("" when it does not demangle)
	Location  string // file:line of its source ("" when unknown)
}

// Name is the kernel's name as written, else its symbol.
func (k Kernel) Name() string {
	if k.Demangled != "" {
		return k.Demangled
	}
	return k.Symbol
}

// Target is a column.
type Target struct {
	Name    string
	Tool    string // the AOT tool ("" for JIT SPIR-V)
	Image   string // what its images are (devconfig.ImageLabel): "spir64, SPIR 1.2 bitcode"
	JIT     bool   // no AOT filter: the runtime checks the device
	Images  int
	Bytes   int64
	Covered int // kernels with an image
}

// Report is the page's data.
type Report struct {
	Title   string
	Kernels []Kernel
	Targets []*Target
	Cells   [][]Cell // [kernel][target]
}

// readTable reads a table's images with their kernels and requirements.
func readTable(file string, allowOutside bool) ([]Image, error) {
	data, err := mapfile.ReadInput(file)
	if err != nil {
		return nil, diag.Errorf(file, 0, "cannot read: %v", err)
	}
	tab, err := filetable.Parse(file, data)
	if err != nil {
		return nil, err
	}
	code, sym, prop := tab.Column(filetable.Code), tab.Column(filetable.Symbols), tab.Column(filetable.Properties)
	if code < 0 || sym < 0 {
		return nil, diag.Errorf(file, 1, "a report needs the Code and Symbols columns, have %s", strings.Join(tab.Columns, "|"))
	}
	var out []Image
	for i, row := range tab.Rows {
		line := tab.Lines[i]
		path, err := filetable.Resolve(file, line, row[code], allowOutside)
		if err != nil {
			return nil, err
		}
		st, err := os.Stat(path)
		if err != nil {
			return nil, diag.Errorf(file, line, "cannot read image %s: %v", row[code], err)
		}
		im := Image{Name: filepath.Base(row[code]), Size: st.Size()}
		spath, err := filetable.Resolve(file, line, row[sym], allowOutside)
		if err != nil {
			return nil, err
		}
		sdata, err := mapfile.ReadInput(spath)
		if err != nil {
			return nil, diag.Errorf(file, line, "cannot read symbols %s: %v", row[sym], err)
		}
		im.Kernels = strings.Fields(string(sdata))
		if prop >= 0 {
			reg, reqs, err := devconfig.ReadRequirements(file, line, row[prop], allowOutside)
			if err != nil {
				return nil, err
			}
			im.reqs = reqs
			describe(&im, reg)
		}
		out = append(out, im)
	}
	return out, nil
}

// describe fills the image's requirement strings from its property sets.
func describe(im *Image, reg *props.Registry) {
	table := aspects.Builtin()
	names := func(vals []uint32) string {
		var s []string
		for _, v := range vals {
			s = append(s, table.Display(int(v)))
		}
		return strings.Join(s, ", ")
	}
	if r := im.reqs; r != nil {
		if p, ok := r.Get("aspects"); ok {
			vals, _ := p.U32Array()
			im.Aspects = names(vals)
		}
		if p, ok := r.Get("reqd_sub_group_size"); ok {
			im.SubGroup = fmt.Sprint(p.U32)
		}
		if p, ok := r.Get("reqd_work_group_size_uint64_t"); ok {
			vals, _ := p.U64Array()
			var s []string
			for _, v := range vals {
				s = append(s, fmt.Sprint(v))
			}
			im.WorkGrp = strings.Join(s, "×")
		}
	}
	if set := reg.Set(props.DeviceIfSet); set != nil {
		var parts []string
		if p, ok := set.Get("has"); ok {
			if vals, _ := p.U32Array(); len(vals) > 0 {
				parts = append(parts, "has "+names(vals))
			}
		}
		if p, ok := set.Get("lacks"); ok {
			if vals, _ := p.U32Array(); len(vals) > 0 {
				parts = append(parts, "lacks "+names(vals))
			}
		}
		im.DeviceIf = strings.Join(parts, ", ")
	}
}

// Build reads the tables of specs and checks every kernel against every target of cfg.
// Targets keep their first appearance's order; kernels are sorted by name (Kernel.Name).
func Build(title string, cfg *devconfig.Config, specs []Spec, allowOutside bool) (*Report, error) {
	order, kernels, err := readSpecs(cfg, specs, allowOutside)
	if err != nil {
		return nil, err
	}
	r := &Report{Title: title}
	for k := range kernels {
		r.Kernels = append(r.Kernels, Kernel{Symbol: k, Demangled: kernelName(k)})
	}
	sort.Slice(r.Kernels, func(i, j int) bool {
		a, b := r.Kernels[i], r.Kernels[j]
		if a.Name() != b.Name() {
			return a.Name() < b.Name()
		}
		return a.Symbol < b.Symbol
	})
	for _, td := range order {
		r.Targets = append(r.Targets, td.col)
		td.col.Images = len(td.images)
		for _, im := range td.images {
			td.col.Bytes += im.Size
		}
	}
	for _, k := range r.Kernels {
		row := make([]Cell, len(order))
		for j, td := range order {
			row[j] = td.cell(k.Symbol)
		}
		r.Cells = append(r.Cells, row)
	}
	return r, nil
}

// targetData is what the report knows of one target: its configuration, its column,
// the images before the filter (shards) and after (images).
type targetData struct {
	t      *devconfig.Target
	col    *Target
	shards []Image
	images []Image
	// The images and the first shard image of each kernel (index), built on first use:
	// a cell is a lookup, not a scan (a program may have 100,000 kernels).
	imagesOf map[string][]int
	shardOf  map[string]int
}

func (td *targetData) index() {
	if td.imagesOf != nil {
		return
	}
	td.imagesOf, td.shardOf = map[string][]int{}, map[string]int{}
	for i, im := range td.images {
		for _, k := range im.Kernels {
			if l := td.imagesOf[k]; len(l) == 0 || l[len(l)-1] != i {
				td.imagesOf[k] = append(l, i)
			}
		}
	}
	for i, im := range td.shards {
		for _, k := range im.Kernels {
			if _, ok := td.shardOf[k]; !ok {
				td.shardOf[k] = i
			}
		}
	}
}

// readSpecs reads every spec's tables (each file once), grouped by target in first
// appearance order, and the kernels of the shards.
func readSpecs(cfg *devconfig.Config, specs []Spec, allowOutside bool) ([]*targetData, map[string]bool, error) {
	var order []*targetData
	byName := map[string]*targetData{}
	kernels := map[string]bool{}
	cache := map[string][]Image{}
	read := func(file string) ([]Image, error) {
		if ims, ok := cache[file]; ok {
			return ims, nil
		}
		ims, err := readTable(file, allowOutside)
		cache[file] = ims
		return ims, err
	}
	for _, s := range specs {
		td := byName[s.Target]
		if td == nil {
			t, ok := cfg.Lookup(s.Target)
			if !ok {
				return nil, nil, cfg.UnknownTargetError(s.Target)
			}
			td = &targetData{t: t, col: &Target{Name: s.Target, Tool: t.AOT.Tool, Image: devconfig.ImageLabel(t.AOT.Tool), JIT: t.AOT.Tool == ""}}
			byName[s.Target] = td
			order = append(order, td)
		}
		shard, err := read(s.Shard)
		if err != nil {
			return nil, nil, err
		}
		images, err := read(s.Images)
		if err != nil {
			return nil, nil, err
		}
		td.shards = append(td.shards, shard...)
		td.images = append(td.images, images...)
		for _, im := range shard {
			for _, k := range im.Kernels {
				kernels[k] = true
			}
		}
	}
	return order, kernels, nil
}

// cell is kernel k's cell in the target's column: its images, or why it has none.
func (td *targetData) cell(k string) Cell {
	td.index()
	var c Cell
	for _, i := range td.imagesOf[k] {
		c.Images = append(c.Images, td.images[i])
	}
	if len(c.Images) > 0 {
		td.col.Covered++
		return c
	}
	i, inShards := td.shardOf[k]
	if !inShards {
		c.Reason = "not in this target's device code"
		return c
	}
	c.Reason = "no image of this kernel for the target"
	if ok, why := td.t.Check(td.shards[i].reqs, devconfig.DPCPP); !ok {
		c.Reason = why
	}
	return c
}

// kernelName is the kernel's name as the source writes it, or "" when the symbol does
// not demangle.
func kernelName(sym string) string {
	if n := kernelloc.Name(sym); n != sym {
		return n
	}
	return ""
}

// Unrunnable returns one diagnostic per kernel that no target has an image of: the
// kernel, its source line when known, and each target's reason, in kernel order.
func (r *Report) Unrunnable(severity string) []string {
	var out []string
	for k, kern := range r.Kernels {
		covered := false
		var why []string
		for t, c := range r.Cells[k] {
			if len(c.Images) > 0 {
				covered = true
				break
			}
			why = append(why, r.Targets[t].Name+": "+c.Reason)
		}
		if covered || len(r.Targets) == 0 {
			continue
		}
		where := ""
		if kern.Location != "" {
			where = kern.Location + ": "
		}
		out = append(out, fmt.Sprintf("%s%s: kernel '%s' gets no image for any requested target, and will fail at run time (%s)",
			where, severity, kern.Name(), strings.Join(why, "; ")))
	}
	return out
}
