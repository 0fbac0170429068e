package llvmir

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/testutil"
)

// allTestIR is every .ll file of the repository's test data.
func allTestIR(t *testing.T) []string {
	var files []string
	for _, pat := range []string{"testdata/*.ll", "../*/testdata/*.ll"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	sort.Strings(files)
	if len(files) < 5 {
		t.Fatalf("found only %d .ll files", len(files))
	}
	return files
}

func TestRoundTripIsByteIdentical(t *testing.T) {
	for _, f := range allTestIR(t) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m, err := Parse(f, src)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		var out bytes.Buffer
		if _, err := NewEditor(m).WriteTo(&out); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), src) {
			t.Errorf("%s: unmodified module not re-emitted byte for byte", f)
		}
	}
}

const sample = `; ModuleID = 'x'
source_filename = "x.cpp"
%struct.S = type { double, [2 x half] }
%"class.a b" = type { %struct.S, ptr }
$c = comdat any
@g = internal addrspace(1) global %struct.S zeroinitializer, align 8, !dbg !9
@"quoted g" = constant [3 x i8] c"a;\22", align 1
@al = alias void (), ptr @callee

define weak_odr spir_kernel void @"k one"(ptr byval(%struct.S) %p) #0 comdat($c) !dbg !5 !sycl_used_aspects !7 {
entry:
  %x = alloca %"class.a b", align 8
  call spir_func void @callee() #1, !dbg !6
  %f = load ptr, ptr @fp, align 8
  call void %f()
  %a = atomicrmw add ptr %p, i64 1 monotonic, align 8, !sycl_used_aspects !7
  store ptr @g, ptr %p, align 8 ; a comment with @fake and !99
  ret void
}

define spir_func void @callee() "sycl-module-id"="m.cpp" {
  %h = fadd half 0xH3C00, 0xH3C00
  ret void
}

declare spir_func double @ext(double)

@fp = global ptr @callee

attributes #0 = { nounwind "sycl-device-has"="6,5" "uniform-work-group-size"="true" }
attributes #1 = { nounwind }

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !DIFile(filename: "x.cpp", directory: "/src")
!2 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1)
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 3, unit: !2)
!6 = !DILocation(line: 4, column: 7, scope: !5)
!7 = !{!8}
!8 = !{!"atomic64", i32 28}
!9 = !DIGlobalVariableExpression(var: !10, expr: !DIExpression())
!10 = distinct !DIGlobalVariable(name: "g", scope: !2, file: !1, line: 1, type: !11, isLocal: true, isDefinition: true)
!11 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
`

func TestParseFacts(t *testing.T) {
	m, err := Parse("x.ll", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	k := m.Func("k one")
	if k == nil || k.CallConv != "spir_kernel" || k.Decl || k.Line != 10 {
		t.Fatalf("k one: %+v", k)
	}
	if len(k.Calls) != 1 || k.Calls[0].Callee != "callee" || k.Calls[0].Dbg != 6 {
		t.Errorf("calls = %+v", k.Calls)
	}
	if k.IndirectCalls != 1 || !k.Atomic64 {
		t.Errorf("indirect %d atomic64 %v", k.IndirectCalls, k.Atomic64)
	}
	if k.Sig.Double || len(k.Sig.Structs) != 0 {
		t.Errorf("byval(%%struct.S) counted as a parameter type: %+v", k.Sig)
	}
	if got := strings.Join(k.Body.Structs, ","); got != "class.a b" {
		t.Errorf("body structs = %q", got)
	}
	if got := strings.Join(k.Body.Globals, ","); got != "fp,g" {
		t.Errorf("globals = %q (the comment must be ignored)", got)
	}
	if k.Attachment("dbg") != 5 || k.Attachment("sycl_used_aspects") != 7 || len(k.InstrAspectMD) != 1 {
		t.Errorf("attachments %+v instr %v", k.Attachments, k.InstrAspectMD)
	}
	if v, ok := m.FnAttr(k, "sycl-device-has"); !ok || v != "6,5" {
		t.Errorf("sycl-device-has = %q %v", v, ok)
	}
	c := m.Func("callee")
	if v, _ := m.FnAttr(c, "sycl-module-id"); v != "m.cpp" || !c.Body.Half {
		t.Errorf("callee: %+v", c)
	}
	if e := m.Func("ext"); e == nil || !e.Decl || !e.Sig.Double {
		t.Errorf("ext: %+v", e)
	}
}

func TestParseModuleFacts(t *testing.T) {
	m, err := Parse("x.ll", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	if s := m.Structs["struct.S"]; s == nil || !s.Members.Double || !s.Members.Half {
		t.Errorf("struct.S: %+v", s)
	}
	if g := m.Global("quoted g"); g == nil || g.Kind != "constant" {
		t.Errorf("quoted g: %+v", g)
	}
	if a := m.Global("al"); a == nil || a.Kind != "alias" {
		t.Errorf("alias: %+v", a)
	}
	if loc := m.Location(6); loc != "x.cpp:4:7" {
		t.Errorf("location = %q", loc)
	}
	if loc := m.Location(5); loc != "x.cpp:3" {
		t.Errorf("subprogram location = %q", loc)
	}
	ops, ok := m.Tuple(8)
	if !ok || len(ops) != 2 || ops[0].Str != "atomic64" || ops[1].Int != 28 {
		t.Errorf("tuple !8 = %+v", ops)
	}
}

func TestEditAddsAttachmentAndNodes(t *testing.T) {
	m, err := Parse("x.ll", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	e := NewEditor(m)
	pair := e.AddNode(`!{!"atomic64", i32 28}`)
	if pair != 8 {
		t.Errorf("existing pair node not reused: got !%d", pair)
	}
	id := e.AddNode(`!{!"fp64", i32 6}`)
	if id != 12 {
		t.Errorf("new node id = %d, want 12", id)
	}
	e.SetAttachment(m.Func("callee"), "sycl_used_aspects", id)
	e.SetAttachment(m.Func("k one"), "sycl_used_aspects", id)
	var out bytes.Buffer
	e.WriteTo(&out)
	s := out.String()
	for _, want := range []string{
		`define spir_func void @callee() "sycl-module-id"="m.cpp" !sycl_used_aspects !12 {`,
		`comdat($c) !dbg !5 !sycl_used_aspects !12 {`,
		"\n!12 = !{!\"fp64\", i32 6}\n",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if _, err := Parse("out.ll", out.Bytes()); err != nil {
		t.Errorf("edited output does not parse: %v", err)
	}
}

func TestMalformed(t *testing.T) {
	tests := []struct {
		name, src string
		line      int
		msg       string
	}{
		{"unterminated function", "define void @f() {\n  ret void\n", 1, "has no closing '}'"},
		{"dangling metadata in function", "define void @f() !dbg !3 {\n  ret void\n}\n", 1, "undefined metadata !3"},
		{"dangling metadata in instruction", "define void @f() {\n  ret void, !dbg !4\n}\n", 2, "undefined metadata !4"},
		{"dangling metadata in node", "!0 = !{!1}\n", 1, "undefined metadata !1"},
		{"dangling named metadata", "\n!llvm.ident = !{!7}\n", 2, "undefined metadata !7"},
		{"bad token", "define void @f() {\n  ret void\n}\n*** junk\n", 4, "unexpected token"},
		{"unterminated string", "@s = constant [2 x i8] c\"ab, align 1\n", 1, "unterminated string"},
		{"unterminated quoted name", "define void @\"f() {\n}\n", 1, "bad function name"},
		{"define without brace", "define void @f()\n  ret void\n}\n", 1, "expected '{'"},
		{"declare with body", "declare void @f() {\n", 1, "has a body"},
		{"function without name", "define void () {\n}\n", 1, "without a name"},
		{"unbalanced metadata", "!0 = !{!\"a\"\n", 1, "unterminated metadata node"},
		{"metadata without a node", "!0 = !\n", 1, "expected '{' after '!' in the value of !0"},
		{"metadata that is a reference", "!0 = !{}\n!1 = !0\n", 2, "expected '{' after '!'"},
		{"truncated type body", "%T = type {\n", 1, "definition of %T: unclosed"},
		{"type without a body", "%T = type\n", 1, "expected type after 'type'"},
		{"type with an extra brace", "%T = type { i32 }}\n", 1, "definition of %T: unexpected"},
		{"call with an unclosed parenthesis", "declare void @g(i32)\ndefine void @f() {\n  call void @g(i32 1\n  ret void\n}\n", 3, "call: unclosed"},
		{"global with an unclosed bracket", "@g = global [2 x i32] [i32 1, i32 2\n", 1, "@g: unclosed"},
		{"redefinition", "declare void @f()\ndeclare void @f()\n", 2, "redefinition of @f"},
		{"global without kind", "@g = internal i32 0\n", 1, "expected global, constant, alias or ifunc"},
		{"type without type keyword", "%T = { i32 }\n", 1, "expected 'type'"},
		{"unterminated attribute group", "attributes #0 = { nounwind\n", 1, "unterminated attribute group"},
		{"truncated header", "define void @f(i32 %a\n", 1, "unterminated parameter list"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("bad.ll", []byte(tc.src))
			var ie *diag.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("err = %v, want an input error", err)
			}
			if ie.File != "bad.ll" || ie.Line != tc.line || !strings.Contains(ie.Msg, tc.msg) {
				t.Errorf("got %q, want bad.ll:%d: ...%s", err, tc.line, tc.msg)
			}
		})
	}
}

func TestUnknownConstructsPassThrough(t *testing.T) {
	src := "future_keyword something (new) syntax\nuselistorder ptr @f, { 1, 0 }\n" +
		"define void @f() {\n  %x = some_new_op i32 1, !newmd !{}\n  ret void\n}\n"
	m, err := Parse("new.ll", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	NewEditor(m).WriteTo(&out)
	if out.String() != src {
		t.Errorf("not passed through")
	}
}

func TestItemsCoverTheText(t *testing.T) {
	for _, f := range append(allTestIR(t), "sample") {
		var src []byte
		if f == "sample" {
			src = []byte(sample)
		} else {
			src, _ = os.ReadFile(f)
		}
		m, err := Parse(f, src)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		pos := 0
		for _, it := range m.Items {
			if it.Span.Start != pos {
				t.Fatalf("%s: gap before item at %d (expected %d)", f, it.Span.Start, pos)
			}
			b.Write(src[it.Span.Start:it.Span.End])
			pos = it.Span.End
			if it.Kind == ItemOther || it.Kind == ItemBlank {
				for _, line := range strings.Split(strings.TrimSuffix(string(src[it.Span.Start:it.Span.End]), "\n"), "\n") {
					line = strings.TrimLeft(line, " \t\r")
					if blank := line == "" || line[0] == ';'; blank != (it.Kind == ItemBlank) {
						t.Errorf("%s: item of kind %d holds line %q", f, it.Kind, line)
					}
				}
			}
		}
		if !bytes.Equal(b.Bytes(), src) {
			t.Errorf("%s: items do not cover the text", f)
		}
	}
	m, _ := Parse("x.ll", []byte(sample))
	if g := m.Global("g"); g.Linkage != "internal" || !g.Discardable() || len(g.MetadataRefs()) != 1 {
		t.Errorf("global g: %+v", g)
	}
}

func TestForwardTypeReferences(t *testing.T) {
	src := "%outer = type { %inner, %inner* }\n%inner = type { double }\n"
	m, err := Parse("fwd.ll", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	o := m.Structs["outer"]
	if strings.Join(o.Members.Structs, ",") != "inner" || strings.Join(o.Members.TypeRefs, ",") != "inner" {
		t.Errorf("outer members: %+v", o.Members)
	}
}

// A declaration takes its attachments after "declare" (LLVM's parser rejects them after
// the parameter list); llvm-as, when present, checks that LLVM reads the result.
func TestEditAttachmentOnDeclaration(t *testing.T) {
	src := "define double @f(double %x) {\n  %r = call double @llvm.fmuladd.f64(double %x, double %x, double %x)\n  ret double %r\n}\n\ndeclare double @llvm.fmuladd.f64(double, double, double) #0\n\nattributes #0 = { nounwind }\n"
	m, err := Parse("d.ll", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	e := NewEditor(m)
	id := e.AddNode(`!{!"fp64", i32 6}`)
	e.SetAttachment(m.Func("llvm.fmuladd.f64"), "sycl_used_aspects", id)
	e.SetAttachment(m.Func("f"), "sycl_used_aspects", id)
	var out bytes.Buffer
	e.WriteTo(&out)
	want := "declare !sycl_used_aspects !0 double @llvm.fmuladd.f64(double, double, double) #0\n"
	if !strings.Contains(out.String(), want) {
		t.Fatalf("output lacks %q:\n%s", want, out.String())
	}
	m2, err := Parse("out.ll", out.Bytes())
	if err != nil {
		t.Fatalf("edited output does not parse: %v", err)
	}
	if a := m2.Func("llvm.fmuladd.f64").Attachments; len(a) != 1 || a[0].Name != "sycl_used_aspects" {
		t.Errorf("re-read attachments = %+v", a)
	}
	if llvmAs := testutil.Tool("", "llvm-as-22", "llvm-as"); llvmAs != "" {
		cmd := exec.Command(llvmAs, "-o", os.DevNull, "-")
		cmd.Stdin = bytes.NewReader(out.Bytes())
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("llvm-as rejects the edited module: %v\n%s", err, msg)
		}
	}
}

// TestCROnlyLineEnds: a module whose lines end at a lone CR (valid for LLVM, which ends
// comments at CR and otherwise treats it as white space) reads as its LF twin: the
// function after the comment is seen and uses double; a CR inside a string stays.
func TestCROnlyLineEnds(t *testing.T) {
	lf := "; a comment \"with a quote\n@s = constant [3 x i8] c\"a\rb\"\ndefine spir_kernel void @k(ptr %p) {\n  store double 1.0, ptr %p\n  ret void\n}\n"
	cr := strings.ReplaceAll(strings.ReplaceAll(lf, "\r", "\x00"), "\n", "\r")
	cr = strings.ReplaceAll(cr, "\x00", "\r")
	if got := string(loneCRToLF([]byte(cr))); got != lf {
		t.Fatalf("CR-only text read as\n%q\nwant\n%q", got, lf)
	}
	m, err := Parse("cr.ll", []byte(cr))
	if err != nil {
		t.Fatal(err)
	}
	if k := m.Func("k"); k == nil || !k.Body.Double || k.Line != 3 {
		t.Errorf("kernel k in a CR-only file: %+v", k)
	}
	crlf := []byte(strings.ReplaceAll(strings.ReplaceAll(lf, "a\rb", "ab"), "\n", "\r\n"))
	if got := loneCRToLF(crlf); &got[0] != &crlf[0] {
		t.Error("a CRLF file was copied")
	}
}
