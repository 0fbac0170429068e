package llvmir

import (
	"bytes"
	"testing"
)

func TestInternalizeHeader(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"define spir_func void @f() {\n", "define internal spir_func void @f() {\n"},
		{"define linkonce_odr dso_local hidden spir_func void @f() #0 comdat {\n", "define internal spir_func void @f() #0 {\n"},
		{"define weak_odr dllexport protected void @f() comdat($g) !dbg !3 {\n", "define internal void @f() !dbg !3 {\n"},
		{"define external i32 @f(i32 %x) section \"a comdat b\" {\n", "define internal i32 @f(i32 %x) section \"a comdat b\" {\n"},
		// A parameter named like a keyword is not a linkage word.
		{"define void @common() {\n", "define internal void @common() {\n"},
	} {
		in := []byte(c.in + "  ret void\n}\n")
		header := bytes.Index(in, []byte(" {\n"))
		got, _ := InternalizeHeader(in, header)
		if string(got) != c.want+"  ret void\n}\n" {
			t.Errorf("InternalizeHeader(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if _, dropped := InternalizeHeader([]byte("define void @f() comdat {\n}\n"), len("define void @f() comdat")); !dropped {
		t.Error("comdat not reported dropped")
	}
	for text, want := range map[string]bool{
		"define internal void @f() {":          true,
		"define private spir_func void @f() {": true,
		"define dso_local void @f() {":         false,
		"define void @internal() {":            false,
	} {
		if got := hasLocalLinkage([]byte(text)); got != want {
			t.Errorf("hasLocalLinkage(%q) = %v", text, got)
		}
	}
}

func TestExternalizeHeader(t *testing.T) {
	for in, want := range map[string]string{
		"define linkonce_odr dso_local spir_func void @f() comdat {":  "define dso_local spir_func void @f() comdat {",
		"define weak_odr hidden void @f() {":                          "define hidden void @f() {",
		"define internal void @f() {":                                 "define void @f() {",
		"define dso_local spir_func void @f() {":                      "define dso_local spir_func void @f() {",
		"define void @linkonce_odr() {":                               "define void @linkonce_odr() {",
		"define linkonce_odr spir_func void @f() #0 comdat align 2 {": "define spir_func void @f() #0 comdat align 2 {",
	} {
		if got := string(ExternalizeHeader([]byte(in))); got != want {
			t.Errorf("ExternalizeHeader(%q) = %q, want %q", in, got, want)
		}
	}
}
