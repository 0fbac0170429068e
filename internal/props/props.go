// Package props reads and writes DPC++ property set files (.prop): named sets of typed
// properties that describe a device image, such as [SYCL/device requirements].
//
//	[SYCL/device requirements]
//	aspects=2|ABAAAAAAAAQAAAAAGAAAAA
//	reqd_sub_group_size=1|16
//
// Type 1 is a uint32 in decimal; type 2 a byte array: an 8-byte little-endian bit count,
// then the data, in DPC++'s Base64. Sets and properties keep their order.
package props

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/diag"
)

// Property types.
const (
	TypeUint32    = 1
	TypeByteArray = 2
)

// Well-known set names.
const (
	DeviceRequirements = "SYCL/device requirements"
	// SpecDeviceRequirements is the specification's spelling of the set, with its own
	// property names: "aspect", and "reqd_work_group_size" as <dim_count> <dims...>.
	SpecDeviceRequirements = "SYCL/device-requirements"
	DeviceLibReqMask       = "SYCL/devicelib req mask"
	// DeviceIfSet is rules_sycl's set on a device_if image variant: the aspects its
	// conditions were resolved with, present ("has") and absent ("lacks"). The runtime
	// loads a variant only on a device that has exactly the "has" aspects of those tested.
	DeviceIfSet = "rsycl/device_if"
)

// Property is one name=type|value entry. For byte arrays Bytes holds the payload
// without the bit-count header, and Bits the header's bit count when it is not
// 8*len(Bytes) (a bit vector, as [SYCL/kernel param opt] holds: DPC++ writes the number
// of kernel arguments, and the last byte is partly used).
type Property struct {
	Name  string
	Type  int
	U32   uint32
	Bytes []byte
	Bits  uint64
}

// BitCount is the byte array's bit count: Bits, or 8*len(Bytes) when Bits is 0.
func (p Property) BitCount() uint64 {
	if p.Bits != 0 {
		return p.Bits
	}
	return uint64(len(p.Bytes)) * 8
}

// Set is a named, ordered list of properties.
type Set struct {
	Name  string
	Props []Property
}

// Get returns the property called name.
func (s *Set) Get(name string) (Property, bool) {
	for _, p := range s.Props {
		if p.Name == name {
			return p, true
		}
	}
	return Property{}, false
}

// Registry is an ordered list of sets (a whole .prop file).
type Registry struct {
	Sets []*Set
}

// Set returns the set called name, or nil.
func (r *Registry) Set(name string) *Set {
	for _, s := range r.Sets {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// Requirements returns the image's device requirements in today's DPC++ spelling: the
// "SYCL/device requirements" set, or the specification's "SYCL/device-requirements"
// translated (aspect -> aspects; reqd_work_group_size <n> <dims...> ->
// reqd_work_group_size_uint64_t and work_group_num_dim). Nil when there is neither.
func (r *Registry) Requirements() (*Set, error) {
	if s := r.Set(DeviceRequirements); s != nil {
		if r.Set(SpecDeviceRequirements) != nil {
			return nil, fmt.Errorf("both [%s] and [%s]: one image has one requirement set", DeviceRequirements, SpecDeviceRequirements)
		}
		return s, nil
	}
	spec := r.Set(SpecDeviceRequirements)
	if spec == nil {
		return nil, nil
	}
	out := &Set{Name: DeviceRequirements}
	for _, p := range spec.Props {
		switch p.Name {
		case "aspect":
			q := p
			q.Name = "aspects"
			out.Props = append(out.Props, q)
		case "reqd_work_group_size":
			dims, err := p.U32Array()
			if err != nil || len(dims) < 2 || dims[0] < 1 || dims[0] > 3 || int(dims[0]) != len(dims)-1 {
				return nil, fmt.Errorf("[%s] reqd_work_group_size is not <dim_count> <dims...> with 1 to 3 dimensions", SpecDeviceRequirements)
			}
			vals := make([]uint64, dims[0])
			for i, d := range dims[1:] {
				vals[i] = uint64(d)
			}
			out.AddU64Array("reqd_work_group_size_uint64_t", vals)
			out.AddU32("work_group_num_dim", dims[0])
		default:
			out.Props = append(out.Props, p)
		}
	}
	return out, nil
}

// Ensure returns the set called name, appending an empty one when there is none.
func (r *Registry) Ensure(name string) *Set {
	if s := r.Set(name); s != nil {
		return s
	}
	return r.Add(name)
}

// CheckName says why name cannot be a property's name in the text format (name=type|value,
// one per line, sets opened by "[name]"): it must be non-empty and hold no '=' or '|'
// (the separators), no control character (a newline would end the line and could open a
// set of its own), and not start with '['. Every name that comes from IR (kernel names,
// specialization-constant symbolic IDs, device_global unique IDs) is checked with it
// where the IR is read, so that its line can be named.
func CheckName(name string) error {
	switch {
	case name == "":
		return errors.New("an empty name")
	case name[0] == '[':
		return fmt.Errorf("%q starts with '[' (it would read as a set header)", name)
	}
	if i := strings.IndexFunc(name, func(r rune) bool { return r == '=' || r == '|' || r < 0x20 || r == 0x7f }); i >= 0 {
		return fmt.Errorf("%q holds %q, which the property format cannot carry in a name ('=' and '|' separate a property's parts, a control character would break its line)", name, name[i])
	}
	return nil
}

// Clone returns a copy of r whose sets and property lists can be changed without
// changing r's.
func (r *Registry) Clone() *Registry {
	c := &Registry{}
	for _, s := range r.Sets {
		c.Sets = append(c.Sets, &Set{Name: s.Name, Props: append([]Property(nil), s.Props...)})
	}
	return c
}

// SetCompileTarget records target as the image's compile_target in its [SYCL/device
// requirements], as DPC++ does for the images of an architecture target: the runtime
// matches it against the device (an NVIDIA image's sm_XX, for one). An image already made
// for another target is an error.
func (r *Registry) SetCompileTarget(target string) error {
	req := r.Ensure(DeviceRequirements)
	if p, ok := req.Get("compile_target"); ok {
		if string(p.Bytes) == target {
			return nil
		}
		return fmt.Errorf("the image was made for compile_target %q, not %s", p.Bytes, target)
	}
	req.AddBytes("compile_target", []byte(target))
	return nil
}

// Add appends a set and returns it.
func (r *Registry) Add(name string) *Set {
	s := &Set{Name: name}
	r.Sets = append(r.Sets, s)
	return s
}

// AddU32 appends a uint32 property.
func (s *Set) AddU32(name string, v uint32) {
	s.Props = append(s.Props, Property{Name: name, Type: TypeUint32, U32: v})
}

// AddBytes appends a byte-array property.
func (s *Set) AddBytes(name string, data []byte) {
	s.Props = append(s.Props, Property{Name: name, Type: TypeByteArray, Bytes: data})
}

// AddBits appends a byte-array property holding a bit vector: bit i is bit i%8 of
// byte i/8 (least significant first), as DPC++'s property values store an
// llvm::BitVector.
func (s *Set) AddBits(name string, bits []bool) {
	data := make([]byte, (len(bits)+7)/8)
	for i, b := range bits {
		if b {
			data[i/8] |= 1 << (i % 8)
		}
	}
	p := Property{Name: name, Type: TypeByteArray, Bytes: data}
	if len(bits)%8 != 0 {
		p.Bits = uint64(len(bits))
	}
	s.Props = append(s.Props, p)
}

// AddU32Array appends a byte array of little-endian uint32 values.
func (s *Set) AddU32Array(name string, vals []uint32) {
	b := make([]byte, 4*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint32(b[4*i:], v)
	}
	s.AddBytes(name, b)
}

// AddU64Array appends a byte array of little-endian uint64 values.
func (s *Set) AddU64Array(name string, vals []uint64) {
	b := make([]byte, 8*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint64(b[8*i:], v)
	}
	s.AddBytes(name, b)
}

// U32Array decodes a byte array of uint32 values.
func (p Property) U32Array() ([]uint32, error) {
	if p.Type != TypeByteArray || len(p.Bytes)%4 != 0 {
		return nil, fmt.Errorf("property %s is not a uint32 array", p.Name)
	}
	out := make([]uint32, len(p.Bytes)/4)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(p.Bytes[4*i:])
	}
	return out, nil
}

// U64Array decodes a byte array of uint64 values.
func (p Property) U64Array() ([]uint64, error) {
	if p.Type != TypeByteArray || len(p.Bytes)%8 != 0 {
		return nil, fmt.Errorf("property %s is not a uint64 array", p.Name)
	}
	out := make([]uint64, len(p.Bytes)/8)
	for i := range out {
		out[i] = binary.LittleEndian.Uint64(p.Bytes[8*i:])
	}
	return out, nil
}

// EncodeByteArray returns the value text of a byte array: bit-count header + data, Base64.
func EncodeByteArray(data []byte) string {
	return EncodeBits(data, uint64(len(data))*8)
}

// EncodeBits returns the value text of a byte array of bits bits (data holds
// ceil(bits/8) bytes).
func EncodeBits(data []byte, bits uint64) string {
	buf := make([]byte, 8+len(data))
	binary.LittleEndian.PutUint64(buf, bits)
	copy(buf[8:], data)
	return EncodeBase64(buf)
}

// DecodeByteArray reverses EncodeByteArray: the data, checking that the bit count
// fills exactly its bytes.
func DecodeByteArray(s string) ([]byte, error) {
	data, bits, err := DecodeBits(s)
	if err == nil && bits%8 != 0 {
		err = fmt.Errorf("byte array size header says %d bits, data has %d bytes", bits, len(data))
	}
	return data, err
}

// DecodeBits reverses EncodeBits: the data and its bit count, which must need exactly
// the data's bytes (a bit vector's last byte may be partly used).
func DecodeBits(s string) ([]byte, uint64, error) {
	raw, err := DecodeBase64(s)
	if err != nil {
		return nil, 0, err
	}
	if len(raw) < 8 {
		return nil, 0, fmt.Errorf("byte array shorter than its 8-byte size header")
	}
	bits := binary.LittleEndian.Uint64(raw)
	if bits > uint64(len(raw)-8)*8 || (bits+7)/8 != uint64(len(raw)-8) {
		return nil, 0, fmt.Errorf("byte array size header says %d bits, data has %d bytes", bits, len(raw)-8)
	}
	return raw[8:], bits, nil
}

// WriteTo writes r in the .prop text format (Encode).
func (r *Registry) WriteTo(w io.Writer) (int64, error) {
	data, err := r.Encode()
	if err != nil {
		return 0, err
	}
	n, err := w.Write(data)
	return int64(n), err
}

// Encode renders r in the .prop text format. A set or property name that the format
// cannot carry (CheckName; a set name also holds no ']') is an error, whichever writer
// put it there: a name read from IR is checked where it is read, so that its line is
// named, and this check keeps any writer that forgot from forging sets.
func (r *Registry) Encode() ([]byte, error) {
	var b bytes.Buffer
	for _, s := range r.Sets {
		if err := CheckName(s.Name); err != nil {
			return nil, fmt.Errorf("property set name: %v", err)
		}
		if strings.ContainsRune(s.Name, ']') {
			return nil, fmt.Errorf("property set name %q holds ']'", s.Name)
		}
		b.WriteString("[" + s.Name + "]\n")
		for _, p := range s.Props {
			if err := CheckName(p.Name); err != nil {
				return nil, fmt.Errorf("[%s]: property name: %v", s.Name, err)
			}
			b.WriteString(p.Name + "=" + strconv.Itoa(p.Type) + "|")
			if p.Type == TypeUint32 {
				b.WriteString(strconv.FormatUint(uint64(p.U32), 10))
			} else {
				b.WriteString(EncodeBits(p.Bytes, p.BitCount()))
			}
			b.WriteByte('\n')
		}
	}
	return b.Bytes(), nil
}

// String renders r for messages and tests: the .prop text, or, when a name cannot be
// written (Encode), why (never a forged set).
func (r *Registry) String() string {
	data, err := r.Encode()
	if err != nil {
		return "invalid property sets: " + err.Error()
	}
	return string(data)
}

// Parse reads a .prop file; file names it in errors.
func Parse(file string, data []byte) (*Registry, error) {
	r := &Registry{}
	var cur *Set
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 64<<20)
	line := 0
	for sc.Scan() {
		line++
		t := strings.TrimSuffix(sc.Text(), "\r")
		if t == "" {
			continue
		}
		if t[0] == '[' {
			if !strings.HasSuffix(t, "]") || len(t) < 3 {
				return nil, diag.Errorf(file, line, "malformed set header %q", t)
			}
			name := t[1 : len(t)-1]
			if err := CheckName(name); err != nil {
				return nil, diag.Errorf(file, line, "property set name: %v", err)
			}
			if strings.ContainsRune(name, ']') {
				return nil, diag.Errorf(file, line, "property set name %q holds ']'", name)
			}
			if r.Set(name) != nil {
				return nil, diag.Errorf(file, line, "duplicate property set [%s]", name)
			}
			cur = r.Add(name)
			continue
		}
		if cur == nil {
			return nil, diag.Errorf(file, line, "property outside of a [set]")
		}
		eq := strings.IndexByte(t, '=')
		bar := strings.IndexByte(t, '|')
		if eq <= 0 || bar < eq {
			return nil, diag.Errorf(file, line, "expected name=type|value, got %q", t)
		}
		name, typ, val := t[:eq], t[eq+1:bar], t[bar+1:]
		if err := CheckName(name); err != nil {
			return nil, diag.Errorf(file, line, "[%s]: property name: %v", cur.Name, err)
		}
		switch typ {
		case "1":
			v, err := strconv.ParseUint(val, 10, 32)
			if err != nil {
				return nil, diag.Errorf(file, line, "property %s: bad uint32 %q", name, val)
			}
			cur.AddU32(name, uint32(v))
		case "2":
			b, bits, err := DecodeBits(val)
			if err != nil {
				return nil, diag.Errorf(file, line, "property %s: %v", name, err)
			}
			p := Property{Name: name, Type: TypeByteArray, Bytes: b}
			if bits%8 != 0 {
				p.Bits = bits
			}
			cur.Props = append(cur.Props, p)
		default:
			return nil, diag.Errorf(file, line, "property %s: unknown property type %q", name, typ)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, diag.Errorf(file, line+1, "%v", err)
	}
	return r, nil
}
