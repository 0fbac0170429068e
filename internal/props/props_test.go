package props

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/diag"
)

func TestEncodingVectors(t *testing.T) {
	u32 := func(vals ...uint32) string {
		var s Set
		s.AddU32Array("x", vals)
		return EncodeByteArray(s.Props[0].Bytes)
	}
	u64 := func(vals ...uint64) string {
		var s Set
		s.AddU64Array("x", vals)
		return EncodeByteArray(s.Props[0].Bytes)
	}
	for _, tc := range []struct{ got, want string }{
		{u32(), "AAAAAAAAAAA"},
		{u32(1, 6), "ABAAAAAAAAQAAAAAGAAAAA"},
		{u32(0, 9, 12), "gBAAAAAAAAAAAAAAJAAAAwAAAAA"},
		{u32(32), "gAAAAAAAAAAIAAAA"},
		{u64(32), "ABAAAAAAAAAIAAAAAAAAAA"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %s, want %s", tc.got, tc.want)
		}
	}
}

func TestBase64RoundTrip(t *testing.T) {
	for n := 0; n < 40; n++ {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(i*37 + n)
		}
		dec, err := DecodeBase64(EncodeBase64(data))
		if err != nil || !bytes.Equal(dec, data) {
			t.Fatalf("n=%d: %v %x != %x", n, err, dec, data)
		}
	}
}

func FuzzBase64(f *testing.F) {
	f.Add([]byte{}, "ABAAAAAAAAQAAAAAGAAAAA")
	f.Add([]byte{1, 2, 3, 255}, "gBAA")
	f.Fuzz(func(t *testing.T, data []byte, text string) {
		dec, err := DecodeBase64(EncodeBase64(data))
		if err != nil || !bytes.Equal(dec, data) {
			t.Fatalf("round trip of %x failed: %v", data, err)
		}
		if b, err := DecodeBase64(text); err == nil {
			if EncodeBase64(b) != text && len(text)%4 != 0 {
				// Non-canonical trailing bits may not survive; lengths must.
				if len(EncodeBase64(b)) != len(text) {
					t.Fatalf("length changed for %q", text)
				}
			}
		}
	})
}

func TestParseWriteRoundTrip(t *testing.T) {
	src := "[SYCL/devicelib req mask]\nDeviceLibReqMask=1|0\n[SYCL/device requirements]\naspects=2|ABAAAAAAAAQAAAAAGAAAAA\nreqd_sub_group_size=1|16\nreqd_work_group_size_uint64_t=2|ABAAAAAAAAAIAAAAAAAAAA\n"
	r, err := Parse("a.prop", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if got := r.String(); got != src {
		t.Errorf("round trip:\n%s", got)
	}
	asp, _ := r.Set(DeviceRequirements).Get("aspects")
	vals, _ := asp.U32Array()
	if len(vals) != 2 || vals[0] != 1 || vals[1] != 6 {
		t.Errorf("aspects = %v", vals)
	}
	wg, _ := r.Set(DeviceRequirements).Get("reqd_work_group_size_uint64_t")
	if v, _ := wg.U64Array(); len(v) != 1 || v[0] != 32 {
		t.Errorf("wg = %v", v)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		src  string
		line int
	}{
		{"aspects=2|AAAAAAAAAAA\n", 1},
		{"[A]\nx=3|1\n", 2},
		{"[A]\nx=2|A*AA\n", 2},
		{"[A]\nx=1|abc\n", 2},
		{"[A]\n\nnovalue\n", 3},
		{"[A\n", 1},
		{"[A]\n[A]\n", 2},
		{"[A]\nx=2|gAAAAAAAAAAIAAA\n", 2}, // header says 32 bits, 3 bytes of data
		// Names the writer could not write back (a round trip must give the same bytes).
		{"[A]\nx\x01y=1|1\n", 2},
		{"[A]b]\n", 1},
		{"[[A]\n", 1},
	} {
		_, err := Parse("bad.prop", []byte(tc.src))
		var ie *diag.InputError
		if !errors.As(err, &ie) || ie.Line != tc.line {
			t.Errorf("%q: err %v, want line %d", tc.src, err, tc.line)
		}
	}
}

// FuzzParseWrite: no panic; an accepted .prop written out is read back identically.
func FuzzParseWrite(f *testing.F) {
	f.Add([]byte("[SYCL/devicelib req mask]\nDeviceLibReqMask=1|0\n[SYCL/device requirements]\naspects=2|ABAAAAAAAAQAAAAAGAAAAA\nreqd_sub_group_size=1|16\n"))
	f.Add([]byte("[A]\nx=2|AAAAAAAAAAA\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Parse("fuzz.prop", data)
		if err != nil {
			return
		}
		out := []byte(r.String())
		r2, err := Parse("again.prop", out)
		if err != nil {
			t.Fatalf("written .prop does not read back: %v\n%s", err, out)
		}
		if !bytes.Equal([]byte(r2.String()), out) {
			t.Fatalf("round trip changed:\n%s\n%s", out, []byte(r2.String()))
		}
	})
}

// Bit vectors ([SYCL/kernel param opt]) carry their bit count, not a multiple of 8: the
// values sycl-post-link writes for a 2-argument kernel with the first argument
// eliminated and an 11-argument kernel with arguments 1-6, 9 and 10 eliminated.
func TestBitVectors(t *testing.T) {
	var s Set
	s.AddBits("k1", []bool{true, false})
	s.AddBits("k2", []bool{false, true, true, true, true, true, true, false, false, true, true})
	s.AddBits("k3", []bool{true, false, true, false, true, false, true, false})
	r := &Registry{Sets: []*Set{{Name: "SYCL/kernel param opt", Props: s.Props}}}
	want := "[SYCL/kernel param opt]\nk1=2|CAAAAAAAAAQA\nk2=2|LAAAAAAAAAgfGA\nk3=2|IAAAAAAAAAQV\n"
	if got := r.String(); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	back, err := Parse("t.prop", []byte(r.String()))
	if err != nil {
		t.Fatal(err)
	}
	if got := back.String(); got != want {
		t.Fatalf("round trip:\n%s", got)
	}
	if p := back.Sets[0].Props[1]; p.BitCount() != 11 || len(p.Bytes) != 2 || p.Bytes[0] != 0x7E || p.Bytes[1] != 0x06 {
		t.Fatalf("k2 read back as %d bits %x", p.BitCount(), p.Bytes)
	}
	// A bit count that needs more or fewer bytes than the data holds is refused.
	for _, bad := range []string{EncodeBits([]byte{1}, 9), EncodeBits([]byte{1, 2}, 8), EncodeBits(nil, 1)} {
		if _, err := Parse("t.prop", []byte("[s]\nx=2|"+bad+"\n")); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
	// Whole-byte arrays read through DecodeByteArray; a partial one is not a byte array.
	if _, err := DecodeByteArray(EncodeBits([]byte{1}, 3)); err == nil {
		t.Error("DecodeByteArray accepted a 3-bit array")
	}
}

// TestEncodeRefusesForgedNames: whichever method added it, a name that would end its line
// and open a set of its own is refused when the sets are written, and nothing is written.
// Every Add method of Set is walked (by reflection), so that a new one is covered too.
func TestEncodeRefusesForgedNames(t *testing.T) {
	const forged = "x=1|1\n[SYCL/forged]\ny"
	st := reflect.TypeOf(&Set{})
	n := 0
	for i := 0; i < st.NumMethod(); i++ {
		m := st.Method(i)
		if !strings.HasPrefix(m.Name, "Add") {
			continue
		}
		n++
		r := &Registry{}
		s := r.Add("SYCL/ok")
		args := []reflect.Value{reflect.ValueOf(s), reflect.ValueOf(forged)}
		for j := 2; j < m.Type.NumIn(); j++ {
			args = append(args, reflect.Zero(m.Type.In(j)))
		}
		m.Func.Call(args)
		if data, err := r.Encode(); err == nil || data != nil {
			t.Errorf("Set.%s with a forged name: Encode gave %q, %v", m.Name, data, err)
		}
		var b bytes.Buffer
		if _, err := r.WriteTo(&b); err == nil || b.Len() != 0 {
			t.Errorf("Set.%s with a forged name: WriteTo wrote %q, %v", m.Name, b.String(), err)
		}
		if got := r.String(); strings.Contains(got, "\n[SYCL/forged]") {
			t.Errorf("Set.%s: String() forged a set: %q", m.Name, got)
		}
	}
	if n < 5 {
		t.Errorf("walked %d Add methods of Set, want at least 5", n)
	}
	for _, name := range []string{"SYCL/a]\n[SYCL/b", "", "[x"} {
		r := &Registry{}
		r.Add(name).AddU32("k", 1)
		if _, err := r.Encode(); err == nil {
			t.Errorf("set name %q: no error", name)
		}
	}
}
