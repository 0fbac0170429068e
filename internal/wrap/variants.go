package wrap

import (
	"sort"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/kernelinfo"
	"github.com/rules-sycl/rules_sycl/internal/props"
)

// expandDeviceIf rewrites the device_if variants of JIT images for a runtime that knows
// nothing of rsycl/device_if (DPC++'s libsycl), which loads the first registered image
// whose [SYCL/device requirements] its device meets. Each variant image stands for one
// outcome of the conditions, or several (an aspect in neither its has nor its lacks list);
// it becomes one descriptor entry per outcome, all pointing at the same bytes, with the
// outcome's aspects added to its requirements and exact has/lacks lists. The entries of
// a variant group (same table, same kernels) are ordered by outcome, most aspects first:
// every entry whose outcome the device meets has a subset of the device's outcome, which
// therefore comes first.
func expandDeviceIf(images []image) ([]image, error) {
	type group struct {
		tested []uint32
		items  []variantOf
	}
	groups := map[string]*group{}
	var slots []string // per output position: "" for the next plain image, else a group
	var plain []image
	for _, img := range images {
		set := img.props.Set(props.DeviceIfSet)
		if set == nil {
			slots = append(slots, "")
			plain = append(plain, img)
			continue
		}
		has, lacks, err := deviceIfLists(img, set)
		if err != nil {
			return nil, err
		}
		key := img.table + "\x00" + strings.Join(img.entries, "\x00")
		g := groups[key]
		if g == nil {
			g = &group{}
			groups[key] = g
			slots = append(slots, key)
		}
		g.tested = union(g.tested, union(has, lacks))
		g.items = append(g.items, variantOf{img, has, lacks})
	}
	var out []image
	for _, key := range slots {
		if key == "" {
			out = append(out, plain[0])
			plain = plain[1:]
			continue
		}
		g := groups[key]
		if len(g.tested) > kernelinfo.MaxDeviceIfTested {
			return nil, diag.Errorf(g.items[0].img.table, g.items[0].img.line, "device_if variants test %d aspects (at most %d)", len(g.tested), kernelinfo.MaxDeviceIfTested)
		}
		var variants []variant
		for _, it := range g.items {
			img, has := it.img, it.has
			free := minus(g.tested, union(has, it.lacks))
			for s := 0; s < 1<<len(free); s++ {
				outcome := append([]uint32(nil), has...)
				for k, a := range free {
					if s&(1<<k) != 0 {
						outcome = append(outcome, a)
					}
				}
				outcome = union(outcome, nil)
				variants = append(variants, variant{img: img, outcome: outcome, mask: mask(g.tested, outcome)})
			}
		}
		sort.SliceStable(variants, func(a, b int) bool { return variants[a].mask > variants[b].mask })
		for _, v := range variants {
			out = append(out, v.withOutcome(g.tested))
		}
	}
	return out, nil
}

// dropDeviceIf removes the rsycl/device_if set of a native image: the aspect filter kept
// the variant its target's configuration decides (devconfig.Target.CheckRow), so the
// runtime has no choice to make, and its "has" aspects are already among the image's
// requirements where its kept branches use them.
func dropDeviceIf(reg *props.Registry) {
	sets := reg.Sets[:0]
	for _, s := range reg.Sets {
		if s.Name != props.DeviceIfSet {
			sets = append(sets, s)
		}
	}
	reg.Sets = sets
}

// variantOf is a device_if image with its has and lacks lists.
type variantOf struct {
	img        image
	has, lacks []uint32
}

type variant struct {
	img     image
	outcome []uint32
	mask    int
}

// withOutcome is the variant's descriptor entry: the outcome's aspects required, the
// device_if lists exact.
func (v variant) withOutcome(tested []uint32) image {
	img := v.img
	reg := v.img.props.Clone()
	req := reg.Ensure(props.DeviceRequirements)
	var current []uint32
	found := -1
	for i, p := range req.Props {
		if p.Name == "aspects" {
			current, _ = p.U32Array()
			found = i
		}
	}
	all := append(append([]uint32(nil), current...), minus(v.outcome, current)...)
	tmp := &props.Set{}
	tmp.AddU32Array("aspects", all)
	if found >= 0 {
		req.Props[found] = tmp.Props[0]
	} else {
		req.Props = append([]props.Property{tmp.Props[0]}, req.Props...)
	}
	dif := reg.Set(props.DeviceIfSet)
	dif.Props = nil
	dif.AddU32Array("has", v.outcome)
	dif.AddU32Array("lacks", minus(tested, v.outcome))
	img.props = reg
	return img
}

func deviceIfLists(img image, set *props.Set) (has, lacks []uint32, err error) {
	for _, p := range set.Props {
		vals, e := p.U32Array()
		if e != nil {
			return nil, nil, diag.Errorf(img.table, img.line, "[%s] %v", props.DeviceIfSet, e)
		}
		switch p.Name {
		case "has":
			has = vals
		case "lacks":
			lacks = vals
		}
	}
	return union(has, nil), union(lacks, nil), nil
}

// union returns the sorted set of a and b.
func union(a, b []uint32) []uint32 {
	m := map[uint32]bool{}
	for _, v := range append(append([]uint32(nil), a...), b...) {
		m[v] = true
	}
	out := make([]uint32, 0, len(m))
	for v := range m {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// minus returns the values of a not in b, in a's order.
func minus(a, b []uint32) []uint32 {
	in := map[uint32]bool{}
	for _, v := range b {
		in[v] = true
	}
	var out []uint32
	for _, v := range a {
		if !in[v] {
			out = append(out, v)
		}
	}
	return out
}

// mask is the outcome as bits over tested (the first tested aspect the highest bit).
func mask(tested, outcome []uint32) int {
	in := map[uint32]bool{}
	for _, v := range outcome {
		in[v] = true
	}
	m := 0
	for _, v := range tested {
		m <<= 1
		if in[v] {
			m |= 1
		}
	}
	return m
}
