// Package wrap turns file tables of device images into a C source that embeds the images
// and describes them with DPC++'s offload descriptor (the layout DPC++'s runtime reads
// through __sycl_register_lib): per image its target, format, binary, entry names (from
// .sym) and decoded property sets (from .prop), registered from a constructor and
// unregistered from a destructor. The C file is compiled by the host C toolchain.
package wrap

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/aspects"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/filetable"
	"github.com/rules-sycl/rules_sycl/internal/mapfile"
	"github.com/rules-sycl/rules_sycl/internal/props"
)

// Image formats of the descriptor.
const (
	FormatNone   = 0
	FormatNative = 1
	FormatSPIRV  = 2
	FormatLLVMIR = 3
	KindSYCL     = 4
	DescVersion  = 1
	// ImageVersion is the image layout with manifest pointers (96 bytes): DPC++ up to
	// 2025 (libsycl.so.8) and the test runtime read it.
	ImageVersion = 2
	// ImageVersionNoManifest is the layout without them (80 bytes), which DPC++ 2026
	// (libsycl.so.9) reads: its image struct dropped ManifestStart/ManifestEnd.
	ImageVersionNoManifest = 3
)

// MaxImages is the most images one descriptor holds (its count is a uint16_t).
const MaxImages = 65535

// ParseFormat reads a format name.
func ParseFormat(s string) (int, bool) {
	switch s {
	case "none":
		return FormatNone, true
	case "native":
		return FormatNative, true
	case "spirv":
		return FormatSPIRV, true
	case "llvmbc", "llvm":
		return FormatLLVMIR, true
	}
	return 0, false
}

// Input is one table of images for one device target.
type Input struct {
	Target string // DeviceTargetSpec: spir64, spir64_gen, spir64_x86_64, nvptx64, amdgcn
	Format int
	Table  string
	// AllowOutside accepts cells outside the table's directory.
	AllowOutside bool
}

// ParseInput reads TARGET:FORMAT:TABLE.
func ParseInput(s string) (Input, error) {
	parts := strings.SplitN(s, ":", 3)
	if len(parts) != 3 || parts[0] == "" || parts[2] == "" {
		return Input{}, diag.Usagef("wrap: --table wants TARGET:FORMAT:TABLE, got %q", s)
	}
	f, ok := ParseFormat(parts[1])
	if !ok {
		return Input{}, diag.Usagef("wrap: unknown image format %q (none, native, spirv, llvmbc)", parts[1])
	}
	return Input{Target: parts[0], Format: f, Table: parts[2]}, nil
}

type image struct {
	target  string
	format  int
	binary  string // the image file, streamed into the output (images can be GiBs)
	size    int64
	table   string // where the image is listed, for messages
	line    int
	entries []string
	props   *props.Registry
	dataOf  int // the index of the image whose bytes this one uses (itself unless shared)
}

func load(in Input) ([]image, error) {
	data, err := mapfile.ReadInput(in.Table)
	if err != nil {
		return nil, diag.Errorf(in.Table, 0, "cannot read: %v", err)
	}
	tab, err := filetable.Parse(in.Table, data)
	if err != nil {
		return nil, err
	}
	code, pcol, scol := tab.Column(filetable.Code), tab.Column(filetable.Properties), tab.Column(filetable.Symbols)
	if code < 0 {
		return nil, diag.Errorf(in.Table, 1, "the table has no Code column")
	}
	var out []image
	for i, row := range tab.Rows {
		line := tab.Lines[i]
		read := func(col int, what string) ([]byte, error) {
			p, err := filetable.Resolve(in.Table, line, row[col], in.AllowOutside)
			if err != nil {
				return nil, err
			}
			b, err := mapfile.ReadInput(p)
			if err != nil {
				return nil, diag.Errorf(in.Table, line, "cannot read %s %s: %v", what, row[col], err)
			}
			return b, nil
		}
		img := image{target: in.Target, format: in.Format, props: &props.Registry{}}
		if img.binary, err = filetable.Resolve(in.Table, line, row[code], in.AllowOutside); err != nil {
			return nil, err
		}
		fi, err := os.Stat(img.binary)
		if err == nil && !fi.Mode().IsRegular() {
			err = fmt.Errorf("not a regular file")
		}
		if err != nil {
			return nil, diag.Errorf(in.Table, line, "cannot read image %s: %v", row[code], err)
		}
		img.size, img.table, img.line = fi.Size(), in.Table, line
		if scol >= 0 {
			sym, err := read(scol, "symbols")
			if err != nil {
				return nil, err
			}
			img.entries = strings.Fields(string(sym))
		}
		if pcol >= 0 {
			pdata, err := read(pcol, "properties")
			if err != nil {
				return nil, err
			}
			if img.props, err = props.Parse(row[pcol], pdata); err != nil {
				return nil, err
			}
			if in.Format == FormatNative {
				dropDeviceIf(img.props)
			}
		}
		out = append(out, img)
	}
	return out, nil
}

// Generate returns the C source for the images of inputs. id makes the symbols unique
// in a program (for example the binary's label); it must be a C identifier suffix.
func Generate(id string, inputs []Input) ([]byte, error) {
	return GenerateWith(id, inputs, Options{ImageVersion: ImageVersion})
}

// Options say which runtime the descriptor is for.
type Options struct {
	// ImageVersion is the image layout: ImageVersion or ImageVersionNoManifest.
	ImageVersion int
	// DeviceIfAsRequirements expands device_if variants for a runtime that does not
	// read rsycl/device_if (libsycl): expandDeviceIf.
	DeviceIfAsRequirements bool
	// AspectNumbering names the numbering of the runtime's aspects (aspects.Numberings);
	// the device requirements' aspect values are renumbered from the built-in one. ""
	// keeps them.
	AspectNumbering string
	// Incbin leaves the image bytes in their files: the source includes each one with
	// the assembler's .incbin at its path (relative to the directory the compiler runs
	// in), so that compiling it costs no more for large images than for small ones. The
	// compile must see the image files.
	Incbin bool
	// RunEnv is the runtime's environment, which the program sets before main where its
	// environment leaves it unset (writeRunEnv): only an executable's wrapper has it.
	RunEnv []EnvVar
}

// GenerateWith is Generate for the runtime opts describe.
func GenerateWith(id string, inputs []Input, opts Options) ([]byte, error) {
	var b bytes.Buffer
	if err := GenerateTo(&b, id, inputs, opts); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// GenerateTo writes the C source for the images of inputs to w. Tables, symbols and
// properties are read (and every image checked) before anything is written. With
// opts.Incbin (what the rules use) the source names each image file for the assembler's
// .incbin and its bytes are not read at all, only its size; otherwise they are streamed
// from their files into C arrays, so memory stays small whatever their size. opts also
// describe the runtime (image layout, aspect numbering).
func GenerateTo(w io.Writer, id string, inputs []Input, opts Options) error {
	if opts.ImageVersion != ImageVersion && opts.ImageVersion != ImageVersionNoManifest {
		return diag.Usagef("wrap: image version %d: want %d (with manifest pointers) or %d (without)", opts.ImageVersion, ImageVersion, ImageVersionNoManifest)
	}
	var numbering *aspects.Table
	if opts.AspectNumbering != "" {
		var ok bool
		if numbering, ok = aspects.Numbering(opts.AspectNumbering); !ok {
			return diag.Usagef("wrap: unknown aspect numbering %q (%s)", opts.AspectNumbering, strings.Join(aspects.Numberings, ", "))
		}
	}
	var images []image
	for _, in := range inputs {
		imgs, err := load(in)
		if err != nil {
			return err
		}
		images = append(images, imgs...)
		if len(images) > MaxImages {
			return diag.Errorf(in.Table, 0, "more than %d device images in all: the descriptor counts them in 16 bits", MaxImages)
		}
	}
	if opts.DeviceIfAsRequirements {
		var err error
		if images, err = expandDeviceIf(images); err != nil {
			return err
		}
		if len(images) > MaxImages {
			return diag.Errorf(inputs[0].Table, 0, "more than %d device images in all once device_if variants are expanded", MaxImages)
		}
	}
	if numbering != nil {
		builtin := aspects.Builtin()
		for _, img := range images {
			if err := renumber(img, builtin, numbering, opts.AspectNumbering); err != nil {
				return err
			}
		}
	}
	// Entries that share an image file (expanded device_if variants) share its bytes.
	first := map[string]int{}
	for i := range images {
		if j, ok := first[images[i].binary]; ok {
			images[i].dataOf = j
		} else {
			first[images[i].binary] = i
			images[i].dataOf = i
		}
	}
	b := bufio.NewWriterSize(w, 1<<20)
	fmt.Fprintf(b, "/* Generated by `sycl-device wrap`: %d device image(s) in DPC++'s offload descriptor layout. */\n", len(images))
	b.Write(DescriptorHeader())
	b.WriteString("\n")
	for i, img := range images {
		if opts.Incbin && img.dataOf == i {
			if err := writeIncbin(b, id, i, img); err != nil {
				return err
			}
		}
		if err := writeImageData(b, i, img, opts.Incbin); err != nil {
			return err
		}
	}
	writeDescriptor(b, id, images, opts.ImageVersion, opts.Incbin)
	writeRunEnv(b, id, opts.RunEnv)
	return b.Flush()
}

// renumber rewrites the aspect values of an image's device requirements from the
// built-in numbering to the runtime's (by name): libsycl reads them as its own
// sycl::aspect values.
func renumber(img image, from, to *aspects.Table, numbering string) error {
	set := img.props.Set(props.DeviceRequirements)
	if set == nil {
		return nil
	}
	for i, p := range set.Props {
		if p.Name != "aspects" {
			continue
		}
		vals, err := p.U32Array()
		if err != nil {
			return diag.Errorf(img.table, img.line, "%v", err)
		}
		out := make([]uint32, len(vals))
		for j, v := range vals {
			name, ok := from.Name(int(v))
			if !ok {
				return diag.Errorf(img.table, img.line, "aspect %d has no name in the built-in catalogue: cannot renumber it for %s", v, numbering)
			}
			nv, ok := to.Value(name)
			if !ok {
				return diag.Errorf(img.table, img.line, "aspect %s has no number in %s: the runtime does not know it", name, numbering)
			}
			out[j] = uint32(nv)
		}
		tmp := &props.Set{}
		tmp.AddU32Array(p.Name, out)
		set.Props[i] = tmp.Props[0]
	}
	return nil
}

// writeImageData writes image i's binary, entry table and property sets.
func writeImageData(b *bufio.Writer, i int, img image, incbin bool) error {
	w := func(format string, args ...interface{}) { fmt.Fprintf(b, format, args...) }
	if img.dataOf == i && !incbin {
		w("static const unsigned char img%d_bin[] __attribute__((aligned(8))) = {", i)
		if err := streamBytes(b, img); err != nil {
			return err
		}
		w("};\n")
	}
	if len(img.entries) > 0 {
		w("static const struct rs_entry img%d_entries[] = {\n", i)
		for _, e := range img.entries {
			w("  {0, %s, 0, 0, 0},\n", cstr(e))
		}
		w("};\n")
	}
	for si, set := range img.props.Sets {
		if len(set.Props) > 0 {
			writePropSet(b, i, si, set)
		}
	}
	if nonEmptySets(img) > 0 {
		w("static const struct rs_prop_set img%d_sets[] = {\n", i)
		for si, set := range img.props.Sets {
			if len(set.Props) > 0 {
				w("  {%s, img%d_s%d, img%d_s%d + %d},\n", cstr(set.Name), i, si, i, si, len(set.Props))
			}
		}
		w("};\n")
	}
	w("\n")
	return nil
}

// writeIncbin declares image i's bytes as img<i>_bin .. img<i>_bin_end, which the
// assembler takes from the image file (.incbin): hidden symbols named after the
// descriptor's id, so that two wrappers in one program do not clash.
func writeIncbin(b *bufio.Writer, id string, i int, img image) error {
	if strings.ContainsAny(img.binary, "\"\\\n") {
		return diag.Errorf(img.table, img.line, "image path %q: a path with a quote, a backslash or a newline cannot be included with .incbin", img.binary)
	}
	sym := fmt.Sprintf("rsycl_img_%s_%d", id, i)
	fmt.Fprintf(b, "extern const unsigned char img%d_bin[] __asm__(\"%s\") __attribute__((visibility(\"hidden\")));\n", i, sym)
	fmt.Fprintf(b, "extern const unsigned char img%d_bin_end[] __asm__(\"%s_end\") __attribute__((visibility(\"hidden\")));\n", i, sym)
	fmt.Fprintf(b, "__asm__(\".pushsection .rodata.rsycl_images,\\\"a\\\",@progbits\\n.p2align 3\\n"+
		".globl %[1]s\\n.hidden %[1]s\\n%[1]s:\\n.incbin \\\"%[2]s\\\"\\n"+
		".globl %[1]s_end\\n.hidden %[1]s_end\\n%[1]s_end:\\n.popsection\");\n", sym, img.binary)
	return nil
}

// streamBytes writes the image file's bytes as writeBytes does, a chunk at a time.
func streamBytes(b *bufio.Writer, img image) error {
	f, err := os.Open(img.binary)
	if err != nil {
		return diag.Errorf(img.table, img.line, "cannot read image: %v", err)
	}
	defer f.Close()
	buf := make([]byte, 24*4096) // a whole number of 24-byte lines
	var n int64
	for {
		k, err := io.ReadFull(f, buf)
		if k > 0 {
			writeLines(b, buf[:k])
			n += int64(k)
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return diag.Errorf(img.table, img.line, "cannot read image: %v", err)
		}
	}
	if n != img.size {
		return diag.Errorf(img.table, img.line, "image %s changed while it was read (%d bytes, then %d)", img.binary, img.size, n)
	}
	endBytes(b, n)
	return nil
}

// decimal holds "N," for every byte value.
var decimal = func() (t [256]string) {
	for i := range t {
		t[i] = strconv.Itoa(i) + ","
	}
	return t
}()

// writeLines writes data as lines of 24 decimal bytes, each line starting "\n  ";
// data's length is a multiple of 24 except for the last chunk.
func writeLines(b *bufio.Writer, data []byte) {
	for i, c := range data {
		if i%24 == 0 {
			b.WriteString("\n  ")
		}
		b.WriteString(decimal[c])
	}
}

// writePropSet writes set si of image i: byte-array values (a 64-bit bit count, then
// the bytes), then the property table.
func writePropSet(b *bufio.Writer, i, si int, set *props.Set) {
	w := func(format string, args ...interface{}) { fmt.Fprintf(b, format, args...) }
	for pi, p := range set.Props {
		if p.Type == props.TypeByteArray {
			raw := make([]byte, 8+len(p.Bytes))
			bits := p.BitCount()
			for k := 0; k < 8; k++ {
				raw[k] = byte(bits >> (8 * k))
			}
			copy(raw[8:], p.Bytes)
			w("static const unsigned char img%d_s%d_p%d[] = {", i, si, pi)
			writeBytes(b, raw)
			w("};\n")
		}
	}
	w("static const struct rs_prop img%d_s%d[] = {\n", i, si)
	for pi, p := range set.Props {
		if p.Type == props.TypeByteArray {
			w("  {%s, img%d_s%d_p%d, %d, %d},\n", cstr(p.Name), i, si, pi, props.TypeByteArray, 8+len(p.Bytes))
		} else {
			w("  {%s, 0, %d, %d},\n", cstr(p.Name), props.TypeUint32, p.U32)
		}
	}
	w("};\n")
}

func nonEmptySets(img image) int {
	n := 0
	for _, set := range img.props.Sets {
		if len(set.Props) > 0 {
			n++
		}
	}
	return n
}

// writeDescriptor writes the image table, the descriptor and its (un)registration.
func writeDescriptor(b *bufio.Writer, id string, images []image, version int, incbin bool) {
	w := func(format string, args ...interface{}) { fmt.Fprintf(b, format, args...) }
	imageType, manifest, table := "rs_image", "0, 0, ", "images"
	if version == ImageVersionNoManifest {
		// rs_desc points at rs_image; the runtime reads the layout the version names.
		imageType, manifest, table = "rs_image_v3", "", "(const struct rs_image *)images"
	}
	w("static const struct %s images[] = {\n", imageType)
	for i, img := range images {
		entries := "0, 0"
		if len(img.entries) > 0 {
			entries = fmt.Sprintf("img%d_entries, img%d_entries + %d", i, i, len(img.entries))
		}
		sets := "0, 0"
		if n := nonEmptySets(img); n > 0 {
			sets = fmt.Sprintf("img%d_sets, img%d_sets + %d", i, i, n)
		}
		d := img.dataOf
		end := fmt.Sprintf("img%d_bin + sizeof(img%d_bin)", d, d)
		if incbin {
			end = fmt.Sprintf("img%d_bin_end", d)
		}
		w("  {%d, %d, %d, %s, \"\", \"\", %simg%d_bin, %s, %s, %s},\n",
			version, KindSYCL, img.format, cstr(img.target), manifest, d, end, entries, sets)
	}
	if len(images) == 0 {
		w("  {0}\n")
	}
	w("};\n\n")
	w("static struct rs_desc desc_%s = {%d, %d, %s, 0, 0};\n\n", id, DescVersion, len(images), table)
	w("__attribute__((constructor)) static void register_%s(void) { __sycl_register_lib(&desc_%s); }\n", id, id)
	w("__attribute__((destructor)) static void unregister_%s(void) { __sycl_unregister_lib(&desc_%s); }\n", id, id)
}

func writeBytes(b *bufio.Writer, data []byte) {
	writeLines(b, data)
	endBytes(b, int64(len(data)))
}

// endBytes ends an array initializer of n bytes (C needs one element: "0" when empty).
func endBytes(b *bufio.Writer, n int64) {
	if n == 0 {
		b.WriteString("0")
	}
	b.WriteByte('\n')
}

// cstr renders s as a C string literal (octal escapes for anything unusual).
func cstr(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '?' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "\\%03o", c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// SanitizeID turns a label or name into a C identifier suffix.
func SanitizeID(s string) string {
	var b strings.Builder
	for _, c := range s {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			b.WriteRune(c)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}
