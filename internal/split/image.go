package split

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"sort"
	"strconv"
	"strings"

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
}

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
	m *llvmir.Module
}

// NewExtractor prepares extraction from m. @llvm.used stays out of the images, as
// sycl-post-link erases it: what it named is kept only where an entry point reaches it.
func NewExtractor(m *llvmir.Module) *Extractor {
	e := &Extractor{Extractor: llvmir.NewExtractor(m), m: m}
	e.Exclude("llvm.used")
	return e
}

// internalize picks the definitions of c that an image gives internal linkage, as
// sycl-post-link's clean-up (LLVM's InternalizePass) does after the split: every
// function but the image's entry points and the "indirectly-callable" and
// "referenced-indirectly" ones, unless it is local already or shares its comdat with
// another member of the image (InternalizePass keeps such a comdat, as
// "nodeduplicate", when no member is external; rules_sycl leaves those functions
// alone).
func (e *Extractor) internalize(c *llvmir.Contents, entries []*llvmir.Function) {
	entry := make(map[*llvmir.Function]bool, len(entries))
	for _, f := range entries {
		entry[f] = true
	}
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
		if f.Decl || entry[f] || (f.Comdat != "" && comdatSize[f.Comdat] > 1) {
			continue
		}
		if _, ok := e.m.FnAttr(f, "indirectly-callable"); ok {
			continue
		}
		if _, ok := e.m.FnAttr(f, "referenced-indirectly"); ok {
			continue
		}
		if !llvmir.HasLocalLinkage(e.m.Src[f.Span.Start:f.Span.End]) {
			c.Internal[f] = true
		}
	}
}

// Image extracts group g.
func (e *Extractor) Image(g *Group, opts ImageOptions) *Image {
	c := e.Closure(g.Entries)
	e.internalize(c, g.Entries)
	funcs := e.FuncsInOrder(c)
	img := &Image{Group: g, Text: e.Module(c)}
	img.Reqs = kernelinfo.ComputeRequirements(e.m, funcs, g.Entries)
	img.Props = &props.Registry{}
	img.Props.Add(props.DeviceLibReqMask).AddU32("DeviceLibReqMask", kernelinfo.DeviceLibMask(e.m, funcs, Triple(e.m)))
	img.Reqs.AddTo(img.Props)
	if opts.KernelReqs {
		kr := img.Props.Add("SYCL/kernel reqs")
		for _, f := range g.Entries {
			kr.AddU32Array(f.Name, e.kernelReqs(f))
		}
	}
	if opts.ProgramMetadata {
		e.programMetadata(img.Props, g.Entries)
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

// programMetadata adds the [SYCL/program metadata] entries of the kernels among
// entries, in their order: <kernel>@reqd_work_group_size (a byte array of the uint32
// sizes in !reqd_work_group_size's order) and <kernel>@reqd_sub_group_size (a uint32).
// A set without entries is not written.
func (e *Extractor) programMetadata(r *props.Registry, entries []*llvmir.Function) {
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
