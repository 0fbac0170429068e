package split

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/deviceif"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/filetable"
	"github.com/rules-sycl/rules_sycl/internal/kernelinfo"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/internal/memlimit"
	"github.com/rules-sycl/rules_sycl/internal/modfile"
	"github.com/rules-sycl/rules_sycl/internal/props"
	"github.com/rules-sycl/rules_sycl/internal/specconst"
)

// PostLinkOptions are post-link's choices (DPC++'s sycl-post-link options).
type PostLinkOptions struct {
	Mode Mode
	// OnlyKernels: only kernels are entry points (-emit-only-kernels-as-entry-points).
	OnlyKernels bool
	// KernelReqs, ProgramMetadata, DeviceGlobals, ParamInfo add the property sets of
	// -emit-kernel-reqs, -emit-program-metadata, -device-globals and -emit-param-info.
	KernelReqs, ProgramMetadata, DeviceGlobals, ParamInfo bool
	// DefaultSpecImages adds each image's copy with its specialization constants at
	// their defaults (-generate-device-image-default-spec-consts).
	DefaultSpecImages bool
	// Symbols, Properties: write .sym and .prop files; Text: modules as text, else
	// bitcode through LLVMAs.
	Symbols, Properties, Text bool
	// Outs are the -o tables ([TARGET,]TABLE); OutDir the images' directory ("": the
	// first table's).
	Outs           []string
	OutDir, LLVMAs string
	// Config resolves the TARGET of a table.
	Config *devconfig.Config
	// SpecConst lowers specialization constants in each image (-spec-const).
	SpecConst specconst.Mode
	// DeviceImageDependencies, ExportedSymbols, ImportedSymbols: ImageOptions'.
	DeviceImageDependencies, ExportedSymbols, ImportedSymbols bool
	// IROutputOnly writes the one module of all entry points to Outs[0], with no table
	// (-ir-output-only): sycl-post-link's auto split then groups globally.
	IROutputOnly bool
}

// postLinkRow is one image of post-link's tables.
type postLinkRow struct {
	code, prop, sym string
	img             *Image
}

// defaultsImage is the copy of img whose specialization constants read their defaults
// (-generate-device-image-default-spec-consts), or nil.
func (o *PostLinkOptions) defaultsImage(name string, img *Image) (*Image, error) {
	if !o.DefaultSpecImages {
		return nil, nil
	}
	sc, err := specconst.Lower(name, img.Text, specconst.Defaults)
	if err != nil || sc == nil {
		return nil, err
	}
	d := &Image{Group: img.Group, Text: sc.Text, Reqs: img.Reqs, Props: img.Props.Clone(), Symbols: img.Symbols}
	sc.AddProps(d.Props)
	return d, nil
}

// emit writes one image's code (text or bitcode), properties and symbols under base.
func (o *PostLinkOptions) emit(env *cli.Env, out *atomicfile.Batch, base string, img *Image) (postLinkRow, error) {
	return o.emitAs(env, out, base, img, o.SpecConst)
}

// emitAs is emit with the image's specialization constants lowered in mode.
func (o *PostLinkOptions) emitAs(env *cli.Env, out *atomicfile.Batch, base string, img *Image, mode specconst.Mode) (postLinkRow, error) {
	r := postLinkRow{img: img, code: base + ".ll", prop: base + ".prop", sym: base + ".sym"}
	if mode != specconst.None {
		sc, err := specconst.Lower(r.code, img.Text, mode)
		if err != nil {
			return r, err
		}
		if sc != nil {
			img.Text = sc.Text
			sc.AddProps(img.Props)
		}
	}
	if o.Text {
		out.Add(r.code, img.Text)
	} else {
		r.code = base + ".bc"
		bc, err := assemble(env, o.LLVMAs, img.Text)
		if err != nil {
			return r, err
		}
		out.Add(r.code, bc)
	}
	if o.Properties {
		data, err := img.Props.Encode()
		if err != nil {
			return r, fmt.Errorf("%s: %v", r.prop, err)
		}
		out.Add(r.prop, data)
	}
	if o.Symbols {
		out.Add(r.sym, img.Symbols)
	}
	img.Text = nil // written; keep only what the tables need
	return r, nil
}

// irOutputOnly writes the module of the one group (ModeNone; the input as it is when it
// has no entry point) to the -o file, its specialization constants lowered, as
// sycl-post-link -ir-output-only does.
func (o *PostLinkOptions) irOutputOnly(env *cli.Env, out *atomicfile.Batch, in *modfile.Input, groups []*Group) error {
	img := &Image{Text: in.Module.Src, Props: &props.Registry{}}
	if len(groups) > 0 { // one: the global scope groups every entry point
		img = NewExtractor(in.Module, in.Text()).Image(groups[0], ImageOptions{VirtualFunctions: true})
	}
	if o.SpecConst != specconst.None {
		sc, err := specconst.Lower(in.Module.File, img.Text, o.SpecConst)
		if err != nil {
			return err
		}
		if sc != nil {
			img.Text = sc.Text
		}
	}
	data := img.Text
	if !o.Text {
		bc, err := assemble(env, o.LLVMAs, img.Text)
		if err != nil {
			return err
		}
		data = bc
	}
	out.Add(o.Outs[0], data)
	return out.Commit()
}

// PostLink splits the module of in and writes its images and tables as DPC++'s
// sycl-post-link does (the post-link verb).
func PostLink(env *cli.Env, in *modfile.Input, o PostLinkOptions) (err error) {
	defer memlimit.Hold()()
	m := in.Module
	var out atomicfile.Batch
	defer func() {
		if err != nil {
			out.Abort()
		}
	}()
	if o.IROutputOnly {
		o.Mode = ModeNone
	}
	groups := Groups(m, Options{Mode: o.Mode, EmitOnlyKernels: o.OnlyKernels, VirtualFunctions: true})
	if err := checkInput(m, groups, o.SpecConst != specconst.None, o.ImportedSymbols); err != nil {
		return err
	}
	if o.IROutputOnly {
		return o.irOutputOnly(env, &out, in, groups)
	}
	for _, spec := range o.Outs {
		if strings.ContainsAny(spec, "|\n") {
			return diag.Usagef("post-link: -o %q: a table name cannot hold '|' or a newline (the table format's separators)", spec)
		}
	}
	ex := NewExtractor(m, in.Text())
	prefix := o.imagePrefix()
	if o.DeviceGlobals {
		if err := checkImageScopes(m, ex, groups); err != nil {
			return err
		}
	}
	rows, err := o.emitGroups(env, &out, ex, groups, prefix)
	if err != nil {
		return err
	}
	if len(groups) == 0 {
		// No entry points: DPC++ still emits the module as one image.
		img := &Image{Group: &Group{Key: "<GLOBAL>"}, Text: m.Src, Props: &props.Registry{}}
		img.Props.Add(props.DeviceLibReqMask).AddU32("DeviceLibReqMask", 0)
		kernelinfo.Requirements{}.AddTo(img.Props)
		r, err := o.emit(env, &out, prefix+"_0", img)
		if err != nil {
			return err
		}
		rows = append(rows, r)
	}
	for _, spec := range o.Outs {
		if err := o.writeTable(&out, spec, rows); err != nil {
			return err
		}
	}
	return out.Commit()
}

// imagePrefix is the path the images' names start with: the first table's, without its
// extension, in OutDir when one is set.
func (o *PostLinkOptions) imagePrefix() string {
	firstTable := o.Outs[0]
	if i := strings.IndexByte(firstTable, ','); i >= 0 {
		firstTable = firstTable[i+1:]
	}
	prefix := strings.TrimSuffix(firstTable, filepath.Ext(firstTable))
	if o.OutDir != "" {
		prefix = filepath.Join(o.OutDir, filepath.Base(prefix))
	}
	return prefix
}

// emitGroups writes the image of each group, and after it its default-values image and
// its dummy image where it has them. Groups are numbered from the back: the largest key
// is _0. Each image is written as soon as it is built, so memory holds one image's text
// at a time.
func (o *PostLinkOptions) emitGroups(env *cli.Env, out *atomicfile.Batch, ex *Extractor, groups []*Group, prefix string) ([]postLinkRow, error) {
	iopts := ImageOptions{
		KernelReqs: o.KernelReqs, ProgramMetadata: o.ProgramMetadata, DeviceGlobals: o.DeviceGlobals, ParamInfo: o.ParamInfo, VirtualFunctions: true,
		DeviceImageDependencies: o.DeviceImageDependencies, ExportedSymbols: o.ExportedSymbols, ImportedSymbols: o.ImportedSymbols,
	}
	var rows []postLinkRow
	next := func() string { return prefix + "_" + strconv.Itoa(len(rows)) }
	for n := len(groups) - 1; n >= 0; n-- {
		img := ex.Image(groups[n], iopts)
		dummy := ex.DummyImage(img, iopts)
		defaults, err := o.defaultsImage(prefix+"_"+strconv.Itoa(len(rows)+1)+".ll", img)
		if err != nil {
			return nil, err
		}
		r, err := o.emit(env, out, next(), img)
		if err != nil {
			return nil, err
		}
		rows = append(rows, r)
		if defaults != nil {
			r, err := o.emitAs(env, out, next(), defaults, specconst.None)
			if err != nil {
				return nil, err
			}
			rows = append(rows, r)
		}
		if dummy != nil {
			r, err := o.emit(env, out, next(), dummy)
			if err != nil {
				return nil, err
			}
			rows = append(rows, r)
		}
	}
	return rows, nil
}

// writeTable adds the table of one -o spec ([TARGET,]TABLE) to out: every row, or for a
// target only the rows whose requirements it meets (DPC++: an unknown target keeps every
// row), with per-target property files that name it as compile_target.
func (o *PostLinkOptions) writeTable(out *atomicfile.Batch, spec string, rows []postLinkRow) error {
	target, tablePath := "", spec
	if i := strings.IndexByte(spec, ','); i >= 0 {
		target, tablePath = spec[:i], spec[i+1:]
	}
	cols := []string{filetable.Code}
	if o.Properties {
		cols = append(cols, filetable.Properties)
	}
	if o.Symbols {
		cols = append(cols, filetable.Symbols)
	}
	tab := filetable.New(cols...)
	var tgt *devconfig.Target
	if target != "" {
		tgt, _ = o.Config.Lookup(target)
	}
	for _, r := range rows {
		propPath := r.prop
		if target != "" {
			if tgt != nil {
				if ok, _ := tgt.Check(r.img.Props.Set(props.DeviceRequirements), devconfig.DPCPP); !ok {
					continue
				}
			}
			if o.Properties {
				propPath = strings.TrimSuffix(r.prop, ".prop") + "." + target + ".prop"
				reg := r.img.Props.Clone()
				_ = reg.SetCompileTarget(target) // a fresh image names no compile_target
				data, err := reg.Encode()
				if err != nil {
					return fmt.Errorf("%s: %v", propPath, err)
				}
				out.Add(propPath, data)
			}
		}
		cells := []string{rel(tablePath, r.code)}
		if o.Properties {
			cells = append(cells, rel(tablePath, propPath))
		}
		if o.Symbols {
			cells = append(cells, rel(tablePath, r.sym))
		}
		tab.Add(cells...)
	}
	out.Add(tablePath, tab.Bytes())
	return nil
}

// rel names file relative to the table's directory.
func rel(table, file string) string {
	r, err := filepath.Rel(filepath.Dir(table), file)
	if err != nil {
		return file
	}
	return r
}

func assemble(env *cli.Env, llvmAs string, text []byte) ([]byte, error) {
	tool := llvmAs
	if tool == "" {
		for _, c := range []string{"llvm-as-22", "llvm-as"} {
			if p, err := exec.LookPath(c); err == nil {
				tool = p
				break
			}
		}
	}
	if tool == "" {
		return nil, diag.Usagef("bitcode output needs llvm-as (not found on PATH): pass -S for text, or --llvm-as=PATH")
	}
	bc, stderr, err := env.Run(text, tool, "-", "-o", "-")
	if err != nil {
		return nil, fmt.Errorf("llvm-as rejected an emitted module: %v: %s", err, stderr)
	}
	return bc, nil
}

// checkInput refuses, at its line of the input, what an image made from m could not carry
// or what a later step would refuse inside an image that is never written (whose lines
// are not the user's): entry point names (checkEntryNames), the names of importable
// functions when [SYCL/imported symbols] is written (checkImportedNames), device_if
// conditions, and, when specialization constants are to be lowered, every read of one
// (its symbolic ID, type and default: the checks of the lowering itself, run on the
// input).
func checkInput(m *llvmir.Module, groups []*Group, specConsts, imported bool) error {
	if err := checkEntryNames(m, groups); err != nil {
		return err
	}
	if imported {
		if err := checkImportedNames(m); err != nil {
			return err
		}
	}
	if deviceif.HasCondCallers(m) {
		if err := deviceif.CheckConditions(m); err != nil {
			return err
		}
	}
	if specConsts && specconst.Reads(m) {
		if err := specconst.Check(m); err != nil {
			return err
		}
	}
	return nil
}

// checkEntryNames refuses entry points whose names the .sym format (one name per line),
// the property format (props.CheckName) and the runtime's entry tables cannot carry:
// white space, '|', '=' or control characters would split a name into pieces.
func checkEntryNames(m *llvmir.Module, groups []*Group) error {
	for _, g := range groups {
		for _, f := range g.Entries {
			if i := strings.IndexFunc(f.Name, func(r rune) bool { return r <= ' ' || r == '|' || r == 0x7f }); i >= 0 {
				return diag.Errorf(m.File, f.Line, "entry point name %q cannot be listed in a .sym file (white space, '|' or a control character)", f.Name)
			}
			// Kernel names are property names too ([SYCL/kernel param opt], reqs, program
			// metadata).
			if err := props.CheckName(f.Name); err != nil {
				return diag.Errorf(m.File, f.Line, "entry point name cannot be written into a property set: %v", err)
			}
		}
	}
	return nil
}

// checkImportedNames refuses, at its line, an importable function (one that an image may
// declare and [SYCL/imported symbols] then names: Importable) whose name the property
// format cannot carry. An asm label makes any string a function's name.
func checkImportedNames(m *llvmir.Module) error {
	for _, f := range m.Funcs {
		if !Importable(m, f) {
			continue
		}
		if err := props.CheckName(f.Name); err != nil {
			return diag.Errorf(m.File, f.Line, "function name cannot be written into [SYCL/imported symbols]: %v", err)
		}
	}
	return nil
}

// MaxShards bounds --shards and --shard-dir (each shard is a directory and a Bazel action).
const MaxShards = 4096

// TableName is the file table inside every shard directory.
const TableName = filetable.TableFile

// SplitShards writes one directory per shard, each with a table (possibly empty) and
// the image files of its rows, named from the image identity. text, when not nil,
// reads m's text (see NewExtractor).
func SplitShards(m *llvmir.Module, text io.ReaderAt, opts Options, iopts ImageOptions, dirs []string) (err error) {
	defer memlimit.Hold()()
	groups := Groups(m, opts)
	// The aot step lowers the images' specialization constants.
	if err := checkInput(m, groups, true, iopts.ImportedSymbols); err != nil {
		return err
	}
	for _, g := range groups {
		if err := CheckConflicts(m, g); err != nil {
			return err
		}
	}
	ex := NewExtractor(m, text)
	if iopts.DeviceGlobals {
		if err := checkImageScopes(m, ex, groups); err != nil {
			return err
		}
	}
	byShard := make([][]*Group, len(dirs))
	ids := make(map[*Group]string, len(groups))
	for _, g := range groups {
		s := Shard(g, len(dirs))
		byShard[s] = append(byShard[s], g)
		ids[g] = Identity(g)
	}
	// Each shard's files are written into a fresh staging directory that replaces the
	// shard directory at Commit (Bazel creates it empty): nothing appears before all
	// shards are written, and nothing is left behind on failure.
	var out atomicfile.Batch
	defer func() {
		if err != nil {
			out.Abort()
		}
	}()
	for i, dir := range dirs {
		if err := os.MkdirAll(filepath.Dir(filepath.Clean(dir)), 0o755); err != nil {
			return fmt.Errorf("cannot create %s: %v", dir, err)
		}
		out.Stage(dir)
		gs := byShard[i]
		sort.Slice(gs, func(a, b int) bool { return ids[gs[a]] < ids[gs[b]] })
		tab := filetable.New(filetable.Code, filetable.Properties, filetable.Symbols)
		for _, g := range gs {
			img := ex.Image(g, iopts)
			// A virtual-function set that needs optional aspects has a stand-in for the
			// devices without them (sycl-post-link's JIT flow).
			dummy := ex.DummyImage(img, iopts)
			if err := addImage(&out, tab, m, g, img, filepath.Clean(dir), "img_"+ids[g]); err != nil {
				return err
			}
			if dummy != nil {
				if err := addImage(&out, tab, m, g, dummy, filepath.Clean(dir), "img_"+ids[g]+".dummy"); err != nil {
					return err
				}
			}
		}
		out.Add(filepath.Join(dir, TableName), tab.Bytes())
	}
	return out.Commit()
}

// addImage writes image img of group g as rows of a shard's table: the image as it is,
// or, when its kernels call device_if's conditional callers, one row per variant
// (deviceif.Variants: the outcomes of the aspects its conditions test), each named
// base.<outcome> and with the requirements of the branches it keeps, so that the aspect
// filter judges every variant.
func addImage(out *atomicfile.Batch, tab *filetable.Table, m *llvmir.Module, g *Group, img *Image, dir, base string) error {
	add := func(name string, text []byte, reg *props.Registry) error {
		prop, err := reg.Encode()
		if err != nil {
			return fmt.Errorf("%s: %v", filepath.Join(dir, name+".prop"), err)
		}
		out.Add(filepath.Join(dir, name+".ll"), text)
		out.Add(filepath.Join(dir, name+".prop"), prop)
		out.Add(filepath.Join(dir, name+".sym"), img.Symbols)
		tab.Add(name+".ll", name+".prop", name+".sym")
		return nil
	}
	line := 0
	if len(g.Entries) > 0 {
		line = g.Entries[0].Line
	}
	variants, err := deviceif.Variants(m.File, line, img.Text, img.Props, func(v deviceif.Variant) error {
		return add(base+"."+v.Tag, v.Text, v.Props)
	})
	if err == nil && !variants {
		err = add(base, img.Text, img.Props)
	}
	return err
}
