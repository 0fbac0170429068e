package split_test

import (
	"github.com/rules-sycl/rules_sycl/internal/split"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

const twoKernels = `target triple = "spirv64-unknown-unknown"

define spir_kernel void @int_kernel() #0 {
  ret void
}

define spir_kernel void @half_kernel() #0 !sycl_used_aspects !0 {
  ret void
}

define spir_kernel void @sg16() #0 !intel_reqd_sub_group_size !1 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
!0 = !{i32 5}
!1 = !{i32 16}
`

// TestSplitVerbSplitsByRequirementsInEveryMode: the specification splits by requirements
// after any mode, so the int kernel never shares an image with the fp16 one; post-link
// with -split=none keeps DPC++'s single image.
func TestSplitVerbSplitsByRequirementsInEveryMode(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.ll")
	os.WriteFile(in, []byte(twoKernels), 0o644)
	for _, mode := range []string{"off", "per_source", "auto", "per_kernel"} {
		out := filepath.Join(dir, mode)
		if msg, code := runTool("split", "-split="+mode, "--shards=1", "--out-dir="+out, in); code != 0 {
			t.Fatalf("%s: exit %d: %s", mode, code, msg)
		}
		table, _ := os.ReadFile(filepath.Join(out, "shard_0", split.TableName))
		if rows := strings.Count(string(table), "\n") - 1; rows != 3 {
			t.Errorf("-split=%s: %d images, want 3 (one per requirement set):\n%s", mode, rows, table)
		}
	}
	msg, code := runTool("post-link", "-split=none", "-symbols", "-properties", "-S", "-o", filepath.Join(dir, "pl.table"), in)
	if code != 0 {
		t.Fatalf("post-link: exit %d: %s", code, msg)
	}
	table, _ := os.ReadFile(filepath.Join(dir, "pl.table"))
	if rows := strings.Count(string(table), "\n") - 1; rows != 1 {
		t.Errorf("post-link -split=none: %d images, want DPC++'s one", rows)
	}
}

// TestConflictingSizesInOneImage: an image cannot satisfy two required sizes.
func TestConflictingSizesInOneImage(t *testing.T) {
	src := `define spir_kernel void @a() !reqd_work_group_size !0 !intel_reqd_sub_group_size !2 {
  ret void
}
define spir_kernel void @b() !reqd_work_group_size !1 !intel_reqd_sub_group_size !2 {
  ret void
}
define spir_kernel void @c() !intel_reqd_sub_group_size !3 {
  ret void
}
!0 = !{i32 8}
!1 = !{i32 16}
!2 = !{i32 16}
!3 = !{i32 32}
`
	m, err := llvmir.Parse("c.ll", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	f := func(names ...string) *split.Group {
		g := &split.Group{}
		for _, n := range names {
			g.Entries = append(g.Entries, m.Func(n))
		}
		return g
	}
	for _, c := range []struct {
		g    *split.Group
		want string
	}{
		{f("a", "b"), "c.ll:4: kernels a and b share a device image but require different work-group sizes (8 and 16)"},
		{f("b", "c"), "c.ll:7: kernels b and c share a device image but require different sub-group sizes (16 and 32)"},
		{f("a"), ""},
	} {
		err := split.CheckConflicts(m, c.g)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}

// TestMiscPropertiesOptLevel: DPC++ writes [SYCL/misc properties] optLevel from the
// entry points' "sycl-optlevel"; images of different levels are split apart.
func TestMiscPropertiesOptLevel(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.ll")
	os.WriteFile(in, []byte(`define spir_kernel void @o2() #0 {
  ret void
}
define spir_kernel void @o0() #1 {
  ret void
}
define spir_kernel void @none() {
  ret void
}
attributes #0 = { "sycl-module-id"="a.cpp" "sycl-optlevel"="2" }
attributes #1 = { "sycl-module-id"="a.cpp" "sycl-optlevel"="0" }
`), 0o644)
	if msg, code := runTool("post-link", "-split=auto", "-symbols", "-properties", "-S", "-o", filepath.Join(dir, "t.table"), in); code != 0 {
		t.Fatalf("exit %d: %s", code, msg)
	}
	var got []string
	for i := 0; i < 3; i++ {
		p, _ := os.ReadFile(filepath.Join(dir, "t_"+string(rune('0'+i))+".prop"))
		sym, _ := os.ReadFile(filepath.Join(dir, "t_"+string(rune('0'+i))+".sym"))
		misc := ""
		if j := strings.Index(string(p), "[SYCL/misc properties]\n"); j >= 0 {
			misc = strings.TrimSpace(string(p)[j+len("[SYCL/misc properties]\n"):])
		}
		got = append(got, strings.TrimSpace(string(sym))+":"+misc)
	}
	want := "o2:optLevel=1|2,o0:optLevel=1|0,none:" // groups by key, emitted from the largest
	if strings.Join(got, ",") != want {
		t.Errorf("got %s, want %s", strings.Join(got, ","), want)
	}
}

// TestImagesKeepNoCommentLinesInBodies: LLVM's printer never writes a whole-line comment
// inside a function body; emitted images do not either (trailing comments stay).
func TestImagesKeepNoCommentLinesInBodies(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.ll")
	os.WriteFile(in, []byte("define spir_kernel void @k() {\n  ; a note\n  br label %1\n\n1:   ; preds = %0\n    ; another\n  ret void\n}\n"), 0o644)
	if msg, code := runTool("post-link", "-split=auto", "-symbols", "-S", "-o", filepath.Join(dir, "t.table"), in); code != 0 {
		t.Fatalf("exit %d: %s", code, msg)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "t_0.ll"))
	if want := "define spir_kernel void @k() {\n  br label %1\n\n1:   ; preds = %0\n  ret void\n}\n"; !strings.Contains(string(got), want) {
		t.Errorf("image:\n%s\nwant the body:\n%s", got, want)
	}
}
