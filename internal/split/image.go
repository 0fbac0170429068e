package split

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/kernelinfo"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/internal/props"
)

// Image is one device image: its module text, properties and symbols.
type Image struct {
	Group   *Group
	Text    []byte
	Reqs    kernelinfo.Requirements
	Props   *props.Registry
	Symbols []byte // entry names, one per line
}

// ImageOptions control what an image's properties hold.
type ImageOptions struct {
	// KernelReqs adds the older per-kernel [SYCL/kernel reqs] set.
	KernelReqs bool
	// ProgramMetadata adds [SYCL/program metadata] (sycl-post-link
	// -emit-program-metadata; DPC++'s driver asks for it for NVPTX and AMDGCN targets):
	// each kernel's required work-group size, as the uint32 operands of its
	// !reqd_work_group_size, and required sub-group size, which the runtime hands to
	// the backend when it builds the program.
	ProgramMetadata bool
	// VirtualFunctions handles "indirectly-callable" functions as sycl-post-link's JIT
	// flow does: an image holds the virtual functions of other images as declarations,
	// [SYCL/virtual functions] says which set an image provides
	// ("virtual-functions-set") or uses ("uses-virtual-functions-set"), and
	// DummyImage makes the stand-in of a set that needs optional aspects.
	VirtualFunctions bool
	// DeviceImageDependencies lets images call functions that other images define
	// (sycl-post-link -allow-device-image-dependencies; libsycl links them at run time):
	// an Importable function another group's entry point defines is declared in the
	// image, not copied into it, and every function the image defines but its
	// importable ones and virtual functions gets internal linkage (InternalizePass
	// with DPC++'s mustPreserveGV), so that images linked together define no symbol
	// twice.
	DeviceImageDependencies bool
	// ExportedSymbols and ImportedSymbols add [SYCL/exported symbols] and
	// [SYCL/imported symbols] (sycl-post-link -emit-exported-symbols and
	// -emit-imported-symbols; DPC++'s driver always passes both).
	ExportedSymbols, ImportedSymbols bool
	// ParamInfo adds [SYCL/kernel param opt] (sycl-post-link -emit-param-info, which
	// DPC++'s driver always passes): per kernel with !sycl_kernel_omit_args, a bit vector
	// of its source-level arguments, set where DPC++'s front end eliminated the argument.
	// libsycl skips those arguments when it sets the kernel's arguments.
	ParamInfo bool
	// DeviceGlobals adds [SYCL/device globals] (sycl-post-link -device-globals, which
	// DPC++'s driver always passes): per device_global variable of the image, its size
	// and whether it has device_image_scope.
	DeviceGlobals bool
}

// DeviceGlobalsSet is the property set of ImageOptions.DeviceGlobals.
const DeviceGlobalsSet = "SYCL/device globals"

// ParamInfoSet is the property set of ImageOptions.ParamInfo.
const ParamInfoSet = "SYCL/kernel param opt"

// ProgramMetadataSet is the property set of ImageOptions.ProgramMetadata.
const ProgramMetadataSet = "SYCL/program metadata"

// NoSpecID is the spec_id written in [SYCL/kernel reqs] entries: rules_sycl emits no
// specialization constants for requirements (the ConditionalINTEL variant).
const NoSpecID = 0xFFFFFFFF

// Kernel requirement entry types of [SYCL/kernel reqs].
const (
	reqAspect = iota
	reqWorkGroupSize
	reqSubGroupSize
)

// Triple returns the module's target triple.
func Triple(m *llvmir.Module) string {
	for _, it := range m.Items {
		if it.Kind != llvmir.ItemOther {
			continue
		}
		text := m.Src[it.Span.Start:it.Span.End]
		for _, line := range bytes.Split(text, []byte("\n")) {
			line = bytes.TrimSpace(line)
			if bytes.HasPrefix(line, []byte("target triple")) {
				if q := bytes.IndexByte(line, '"'); q >= 0 {
					return strings.Trim(string(line[q:]), "\"")
				}
			}
		}
	}
	return ""
}

// Extractor renders the device images of one module (llvmir.Extractor with the SYCL
// properties and symbols of each image).
type Extractor struct {
	*llvmir.Extractor
	m      *llvmir.Module
	triple string // the module's target triple
}

// NewExtractor prepares extraction from m. @llvm.used stays out of the images, as
// sycl-post-link erases it: what it named is kept only where an entry point reaches it.
// text, when not nil, reads the module's text (the mapped input file: see
// llvmir.Extractor.ReadFunctionsFrom).
func NewExtractor(m *llvmir.Module, text io.ReaderAt) *Extractor {
	e := &Extractor{Extractor: llvmir.NewExtractor(m), m: m, triple: Triple(m)}
	e.Exclude("llvm.used")
	if text != nil {
		e.ReadFunctionsFrom(text)
	}
	return e
}

// internalize picks the definitions of c that an image gives internal linkage with
// device image dependencies, as sycl-post-link's clean-up then does (LLVM's
// InternalizePass keeping what DPC++'s mustPreserveGV keeps): every function but the
// image's entry points, the Importable ones and the "indirectly-callable" and
// "referenced-indirectly" ones, unless it is local already or shares its comdat with
// another member of the image (InternalizePass keeps such a comdat, as
// "nodeduplicate", when no member is external; rules_sycl leaves those functions
// alone).
func (e *Extractor) internalize(c *llvmir.Contents, entries []*llvmir.Function) {
	entry := entrySet(entries)
	comdatSize := map[string]int{}
	for f := range c.Funcs {
		if f.Comdat != "" {
			comdatSize[f.Comdat]++
		}
	}
	for g := range c.Globals {
		if g.Comdat != "" {
			comdatSize[g.Comdat]++
		}
	}
	c.Internal = map[*llvmir.Function]bool{}
	for f := range c.Funcs {
		if f.Decl || f.Local || c.DeclOnly[f] || entry[f] || (f.Comdat != "" && comdatSize[f.Comdat] > 1) || Importable(e.m, f) {
			continue
		}
		if _, ok := e.m.FnAttr(f, "indirectly-callable"); ok {
			continue
		}
		if _, ok := e.m.FnAttr(f, "referenced-indirectly"); ok {
			continue
		}
		c.Internal[f] = true
	}
}

// externalizeVirtualFunctions gives the "indirectly-callable" functions c defines external
// linkage, as sycl-post-link's clean-up does so that they stay (GlobalDCE would drop an
// unused linkonce_odr one) and the images that call them through a vtable link them.
func (e *Extractor) externalizeVirtualFunctions(c *llvmir.Contents) {
	for f := range c.Funcs {
		if f.Decl || c.DeclOnly[f] {
			continue
		}
		if _, ok := e.m.FnAttr(f, "indirectly-callable"); ok {
			if c.External == nil {
				c.External = map[*llvmir.Function]bool{}
			}
			c.External[f] = true
		}
	}
}

// Image extracts group g.
func (e *Extractor) Image(g *Group, opts ImageOptions) *Image {
	var c *llvmir.Contents
	if opts.VirtualFunctions || opts.DeviceImageDependencies {
		entry := entrySet(g.Entries)
		c = e.ClosureWith(g.Entries, func(f *llvmir.Function) bool {
			return !entry[f] && (opts.VirtualFunctions && e.virtualFunction(f) ||
				opts.DeviceImageDependencies && !f.Decl && Importable(e.m, f))
		}, nil)
	} else {
		c = e.Closure(g.Entries)
	}
	if opts.DeviceImageDependencies {
		e.internalize(c, g.Entries)
	}
	e.externalizeVirtualFunctions(c)
	funcs := e.FuncsInOrder(c)
	img := &Image{Group: g, Text: e.Module(c)}
	img.Reqs = kernelinfo.ComputeRequirements(e.m, withBodies(c, funcs), g.Entries)
	img.Props = &props.Registry{}
	img.Props.Add(props.DeviceLibReqMask).AddU32("DeviceLibReqMask", kernelinfo.DeviceLibMask(e.m, funcs, e.triple))
	img.Reqs.AddTo(img.Props)
	if opts.KernelReqs {
		kr := img.Props.Add("SYCL/kernel reqs")
		for _, f := range g.Entries {
			kr.AddU32Array(f.Name, e.kernelReqs(f))
		}
	}
	if opts.ParamInfo {
		e.paramInfo(img.Props, g.Entries)
	}
	e.dependencySymbols(img.Props, g.Entries, funcs, c, opts)
	if opts.ProgramMetadata {
		e.programMetadata(img.Props, g.Entries, c)
	}
	if opts.DeviceGlobals {
		e.deviceGlobals(img.Props, c)
	}
	if opts.VirtualFunctions {
		e.virtualFunctionSets(img.Props, funcs, c)
	}
	// [SYCL/misc properties] optLevel, as DPC++ writes it: the "sycl-optlevel" of the
	// first entry point that has one (DPC++'s front end puts -O<N> on every function).
	for _, f := range g.Entries {
		if v, ok := e.m.FnAttr(f, "sycl-optlevel"); ok {
			if n, err := strconv.ParseUint(v, 10, 32); err == nil {
				img.Props.Add("SYCL/misc properties").AddU32("optLevel", uint32(n))
			}
			break
		}
	}
	var sym bytes.Buffer
	for _, f := range g.Entries {
		sym.WriteString(f.Name + "\n")
	}
	img.Symbols = sym.Bytes()
	return img
}

// paramInfo adds the [SYCL/kernel param opt] entries of the kernels among entries, in
// their order: <kernel> = the bits of its !sycl_kernel_omit_args (bit i: argument i was
// eliminated), with the argument count as the bit count. The set is written when one
// kernel has the attachment; a kernel whose attachment is empty or malformed gets no
// entry (libsycl then passes every argument).
func (e *Extractor) paramInfo(r *props.Registry, entries []*llvmir.Function) {
	var set *props.Set
	for _, f := range entries {
		if !f.IsKernel() {
			continue
		}
		bits, present, ok := kernelinfo.Bools(e.m, f, kernelinfo.OmitArgsMD)
		if !present {
			continue
		}
		if set == nil {
			set = r.Add(ParamInfoSet)
		}
		if ok && len(bits) > 0 {
			set.AddBits(f.Name, bits)
		}
	}
}

// programMetadata adds the [SYCL/program metadata] entries of the kernels among
// entries, in their order: <kernel>@reqd_work_group_size (a byte array of the uint32
// sizes in !reqd_work_group_size's order) and <kernel>@reqd_sub_group_size (a uint32);
// then, as sycl-post-link does, <unique id>@global_id_mapping (the variable's name, a byte
// array) for each device_global the image holds, in module order: CUDA's and HIP's
// adapters find a device global's memory by that name. A set without entries is not
// written.
func (e *Extractor) programMetadata(r *props.Registry, entries []*llvmir.Function, c *llvmir.Contents) {
	var set *props.Set
	add := func() *props.Set {
		if set == nil {
			set = r.Add(ProgramMetadataSet)
		}
		return set
	}
	for _, f := range entries {
		if !f.IsKernel() {
			continue
		}
		if sizes, ok := kernelinfo.Ints(e.m, f, kernelinfo.ReqdWorkGroupSizeMD); ok {
			vals := make([]uint32, len(sizes))
			for i, v := range sizes {
				vals[i] = uint32(v)
			}
			add().AddU32Array(f.Name+"@reqd_work_group_size", vals)
		}
		if v, ok := kernelinfo.Int(e.m, f, kernelinfo.ReqdSubGroupSizeMD); ok {
			add().AddU32(f.Name+"@reqd_sub_group_size", v)
		}
	}
	for _, dg := range e.imageDeviceGlobals(c) {
		add().AddBytes(dg.ID+"@global_id_mapping", []byte(dg.Global.Name))
	}
}

// VirtualFunctionsSet is the property set of ImageOptions.VirtualFunctions.
const VirtualFunctionsSet = "SYCL/virtual functions"

func entrySet(entries []*llvmir.Function) map[*llvmir.Function]bool {
	m := make(map[*llvmir.Function]bool, len(entries))
	for _, f := range entries {
		m[f] = true
	}
	return m
}

// virtualFunction reports whether f is a definition of a virtual function (DPC++'s
// "indirectly-callable" attribute names its set).
func (e *Extractor) virtualFunction(f *llvmir.Function) bool {
	_, ok := e.m.FnAttr(f, "indirectly-callable")
	return ok && !f.Decl
}

// withBodies drops from funcs those c writes without their body: a declaration
// requires nothing of a device.
func withBodies(c *llvmir.Contents, funcs []*llvmir.Function) []*llvmir.Function {
	if len(c.DeclOnly) == 0 && len(c.Stubs) == 0 {
		return funcs
	}
	out := make([]*llvmir.Function, 0, len(funcs))
	for _, f := range funcs {
		if !c.DeclOnly[f] && !c.Stubs[f] {
			out = append(out, f)
		}
	}
	return out
}

// virtualFunctionSets adds [SYCL/virtual functions] as sycl-post-link does: the set of
// the first virtual function the image defines ("virtual-functions-set"), or else the
// sets its functions' "calls-indirectly" attributes name ("uses-virtual-functions-set",
// comma-separated; sorted here, where DPC++'s order is its hash set's).
func (e *Extractor) virtualFunctionSets(r *props.Registry, funcs []*llvmir.Function, c *llvmir.Contents) {
	used := map[string]bool{}
	for _, f := range funcs {
		if f.Decl || c.DeclOnly[f] {
			continue
		}
		if set, ok := e.m.FnAttr(f, "indirectly-callable"); ok {
			r.Ensure(VirtualFunctionsSet).AddBytes("virtual-functions-set", append([]byte(set), 0))
			return
		}
		if sets, ok := e.m.FnAttr(f, "calls-indirectly"); ok {
			for _, s := range strings.Split(sets, ",") {
				if s != "" {
					used[s] = true
				}
			}
		}
	}
	if len(used) == 0 {
		return
	}
	names := make([]string, 0, len(used))
	for s := range used {
		names = append(names, s)
	}
	sort.Strings(names)
	r.Ensure(VirtualFunctionsSet).AddBytes("uses-virtual-functions-set", append([]byte(strings.Join(names, ",")), 0))
}

// DummyImage is the stand-in DPC++ adds after the image of a virtual-functions set that
// requires optional aspects: the same virtual functions with empty bodies, requiring no
// aspect, marked "dummy-image" so that the runtime links it where the real one cannot
// run. It is nil for an image that needs none.
func (e *Extractor) DummyImage(img *Image, opts ImageOptions) *Image {
	g := img.Group
	if !opts.VirtualFunctions || len(img.Reqs.Aspects) == 0 || len(g.Entries) == 0 {
		return nil
	}
	for _, f := range g.Entries {
		if !e.virtualFunction(f) {
			return nil
		}
	}
	entry := entrySet(g.Entries)
	c := e.ClosureWith(g.Entries, func(f *llvmir.Function) bool { return !entry[f] && e.virtualFunction(f) }, func(f *llvmir.Function) bool { return entry[f] })
	e.externalizeVirtualFunctions(c)
	// No entries: libsycl 2026.1.2 aborts while registering a program whose dummy image
	// names the real image's functions again ("basic_string::_M_construct null not
	// valid", before any device is touched; examples/sycl2020:virtual_function_sets_test).
	d := &Image{Group: g, Text: e.Module(c), Props: &props.Registry{}}
	d.Reqs = kernelinfo.ComputeRequirements(e.m, nil, nil)
	d.Props.Add(props.DeviceLibReqMask).AddU32("DeviceLibReqMask", 0)
	d.Reqs.AddTo(d.Props)
	set, _ := e.m.FnAttr(g.Entries[0], "indirectly-callable")
	vf := d.Props.Add(VirtualFunctionsSet)
	vf.AddBytes("virtual-functions-set", append([]byte(set), 0))
	vf.AddU32("dummy-image", 1)
	return d
}

// DeviceGlobal is a device_global variable: a global with DPC++'s "sycl-unique-id" and
// "sycl-device-global-size" attributes.
type DeviceGlobal struct {
	ID         string
	Size       uint32
	ImageScope bool
	Global     *llvmir.Global
}

// DeviceGlobals lists the device_global variables among globals, in module order. A
// size that is not a uint32 is the module's error at the global's line.
func DeviceGlobals(m *llvmir.Module, globals []*llvmir.Global) ([]DeviceGlobal, error) {
	var out []DeviceGlobal
	for _, g := range globals {
		id, ok := globalAttr(m, g, "sycl-unique-id")
		if !ok {
			continue
		}
		if err := props.CheckName(id); err != nil {
			return nil, diag.Errorf(m.File, g.Line, "@%s: \"sycl-unique-id\" cannot name a device global in [SYCL/device globals]: %v", g.Name, err)
		}
		size, ok := globalAttr(m, g, "sycl-device-global-size")
		if !ok {
			continue
		}
		n, err := strconv.ParseUint(size, 10, 32)
		if err != nil {
			return nil, diag.Errorf(m.File, g.Line, "@%s: \"sycl-device-global-size\"=%q is not a size", g.Name, size)
		}
		// DPC++'s property attribute; older headers spelled it device_image_scope.
		scope, has := globalAttr(m, g, "sycl-device-image-scope")
		if !has {
			scope, has = globalAttr(m, g, "device_image_scope")
		}
		out = append(out, DeviceGlobal{ID: id, Size: uint32(n), ImageScope: has && scope != "false", Global: g})
	}
	return out, nil
}

// globalAttr is a string attribute of a global's attribute groups.
func globalAttr(m *llvmir.Module, g *llvmir.Global, key string) (string, bool) {
	for _, id := range g.Types.AttrRefs {
		if ag := m.AttrGroups[id]; ag != nil {
			if v, ok := ag.StrAttrs[key]; ok {
				return v, true
			}
		}
	}
	return "", false
}

// deviceGlobals adds [SYCL/device globals] for the device globals of c: per variable
// (by unique ID), a uint32 size, a uint8 device_image_scope flag and three bytes of
// padding, as DPC++'s runtime reads them.
func (e *Extractor) deviceGlobals(r *props.Registry, c *llvmir.Contents) {
	for _, dg := range e.imageDeviceGlobals(c) {
		v := make([]byte, 8)
		binary.LittleEndian.PutUint32(v, dg.Size)
		if dg.ImageScope {
			v[4] = 1
		}
		r.Ensure(DeviceGlobalsSet).AddBytes(dg.ID, v)
	}
}

// imageDeviceGlobals are the device_global variables an image holds, in module order.
func (e *Extractor) imageDeviceGlobals(c *llvmir.Contents) []DeviceGlobal {
	globals := make([]*llvmir.Global, 0, len(c.Globals))
	for g := range c.Globals {
		globals = append(globals, g)
	}
	sort.Slice(globals, func(i, j int) bool { return globals[i].Span.Start < globals[j].Span.Start })
	dgs, _ := DeviceGlobals(e.m, globals) // checkImageScopes reported bad sizes
	return dgs
}

// checkImageScopes checks the module's device globals before any image is written:
// their sizes, and that no device_image_scope one is in two images (sycl-post-link's
// rule).
func checkImageScopes(m *llvmir.Module, ex *Extractor, groups []*Group) error {
	dgs, err := DeviceGlobals(m, m.Globals)
	if err != nil {
		return err
	}
	scoped := map[*llvmir.Global]bool{}
	for _, dg := range dgs {
		if dg.ImageScope {
			scoped[dg.Global] = true
		}
	}
	if len(scoped) == 0 {
		return nil
	}
	first := map[*llvmir.Global]int{}
	// In image order (the last group is image _0), so that the message names the first
	// image that holds the variable first.
	for n := len(groups) - 1; n >= 0; n-- {
		c := ex.Closure(groups[n].Entries)
		for g := range scoped {
			if !c.Globals[g] {
				continue
			}
			if f, dup := first[g]; dup {
				return diag.Errorf(m.File, g.Line, "device_global @%s has device_image_scope, but the images of %s and %s both use it: a device_image_scope variable may be used by the kernels of one image only (put them in one source, or split less)", g.Name, groups[f].Entries[0].Name, groups[n].Entries[0].Name)
			}
			first[g] = n
		}
	}
	return nil
}

// kernelReqs encodes one kernel's entry of [SYCL/kernel reqs]: entry_count, then typed
// entries (aspect, reqd_work_group_size, reqd_sub_group_size), each with a spec_id.
func (e *Extractor) kernelReqs(f *llvmir.Function) []uint32 {
	var entries []uint32
	count := uint32(0)
	vals := kernelinfo.UsedAspects(e.m, f)
	sort.Slice(vals, func(i, j int) bool { return vals[i] < vals[j] })
	seen := map[int64]bool{}
	for _, v := range vals {
		if v < 0 || seen[v] {
			continue
		}
		seen[v] = true
		entries = append(entries, reqAspect, uint32(v), NoSpecID)
		count++
	}
	if sizes, ok := kernelinfo.Ints(e.m, f, kernelinfo.ReqdWorkGroupSizeMD); ok {
		entries = append(entries, reqWorkGroupSize, uint32(len(sizes)))
		for _, v := range sizes {
			entries = append(entries, uint32(v))
		}
		entries = append(entries, NoSpecID)
		count++
	}
	if v, ok := kernelinfo.Int(e.m, f, kernelinfo.ReqdSubGroupSizeMD); ok {
		entries = append(entries, reqSubGroupSize, v, NoSpecID)
		count++
	}
	return append([]uint32{count}, entries...)
}

// Identity is the stable name of a group's image: a hash of its grouping key (the
// requirement key per source, the kernel name per kernel). The key, unlike the list of
// entry points, stays the same when a kernel with the same requirements joins the image,
// so the image keeps its name and shard.
func Identity(g *Group) string {
	sum := sha256.Sum256([]byte(g.Key))
	return hex.EncodeToString(sum[:8])
}

// Shard returns the shard (of n) a group's image belongs to.
func Shard(g *Group, n int) int {
	sum := sha256.Sum256([]byte(g.Key))
	return int(binary.BigEndian.Uint64(sum[:8]) % uint64(n))
}
