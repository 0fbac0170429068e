package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/cli"
)

// TestBadInputCatalogue feeds every verb malformed input: each case must exit 1 (2 for
// usage errors) with one message that starts with file:line: (or names the flag, or the
// file), must not panic, must leave no output file behind, and must leave a previous
// output untouched.
func TestBadInputCatalogue(t *testing.T) {
	big := strings.Repeat("x", 10<<20)
	bomb := "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
	prop := "[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\n"
	cases := []struct {
		name  string
		files map[string]string
		args  []string // "OUT" is the output path, "D/" the case directory
		code  int
		msg   string // regexp the single message must match
	}{
		{"truncated IR", map[string]string{"in.ll": "define void @f() {\n  %x = add i32 1,"}, []string{"propagate", "-o", "OUT", "D/in.ll"}, 1, `in\.ll:1: function @f has no closing`},
		{"function without brace", map[string]string{"in.ll": "define void @f()\n  ret void\n}\n"}, []string{"propagate", "-o", "OUT", "D/in.ll"}, 1, `in\.ll:1: .*expected '\{'`},
		{"missing metadata", map[string]string{"in.ll": "define void @f() !dbg !7 {\n  ret void\n}\n"}, []string{"propagate", "-o", "OUT", "D/in.ll"}, 1, `in\.ll:1: reference to undefined metadata !7`},
		{"metadata cycle as an aspect list", map[string]string{"in.ll": "define void @f() !sycl_used_aspects !0 {\n  ret void\n}\n!0 = !{!0}\n"}, []string{"propagate", "-o", "OUT", "D/in.ll"}, 1, `in\.ll:1: aspect operand`},
		{"non-UTF-8 name", map[string]string{"in.ll": "define void @\"f\xff\"() {\n  ret void\n}\n"}, []string{"propagate", "-o", "OUT", "D/in.ll"}, 1, `in\.ll:1: invalid UTF-8`},
		{"10 MB single line", map[string]string{"in.ll": "*" + big + "\n"}, []string{"propagate", "-o", "OUT", "D/in.ll"}, 1, `in\.ll:1: unexpected token`},
		{"bitcode input", map[string]string{"in.ll": "BC\xc0\xde\x00\x01"}, []string{"propagate", "-o", "OUT", "D/in.ll"}, 1, `in\.ll: this is LLVM bitcode`},
		{"missing input", nil, []string{"propagate", "-o", "OUT", "D/none.ll"}, 1, `none\.ll: cannot read`},
		{"post-link bad IR", map[string]string{"in.ll": "define void @f() {\n"}, []string{"post-link", "-S", "-o", "OUT", "D/in.ll"}, 1, `in\.ll:1: `},
		{"split bad IR", map[string]string{"in.ll": "declare void @f()\ndeclare void @f()\n"}, []string{"split", "--shards=2", "--out-dir=D/shards", "D/in.ll"}, 1, `in\.ll:2: redefinition`},
		{"table wrong cell count", map[string]string{"t.table": "[Code|Properties]\na.ll|a.prop|x\n"}, []string{"aspect-filter", "-target=pocl_cpu", "-o", "OUT", "D/t.table"}, 1, `t\.table:2: row has 3 cells`},
		{"cell with ..", map[string]string{"t.table": "[Code|Properties]\na.ll|../a.prop\n"}, []string{"aspect-filter", "-target=pocl_cpu", "-o", "OUT", "D/t.table"}, 1, `t\.table:2: path "\.\./a\.prop" leaves`},
		{"absolute cell", map[string]string{"t.table": "[Code|Properties]\na.ll|/etc/a.prop\n"}, []string{"aspect-filter", "-target=pocl_cpu", "-o", "OUT", "D/t.table"}, 1, `t\.table:2: absolute path`},
		{"missing .prop", map[string]string{"t.table": "[Code|Properties]\na.ll|a.prop\n"}, []string{"aspect-filter", "-target=pocl_cpu", "-o", "OUT", "D/t.table"}, 1, `t\.table:2: cannot read properties`},
		{"bad Base64", map[string]string{"t.table": "[Code|Properties]\na.ll|a.prop\n", "a.prop": "[SYCL/device requirements]\naspects=2|A*AAAAAAAAA\n"}, []string{"aspect-filter", "-target=pocl_cpu", "-o", "OUT", "D/t.table"}, 1, `a\.prop:2: property aspects: bad Base64`},
		{"unknown property type", map[string]string{"t.table": "[Code|Properties]\na.ll|a.prop\n", "a.prop": "[SYCL/device requirements]\naspects=7|AAAA\n"}, []string{"aspect-filter", "-target=pocl_cpu", "-o", "OUT", "D/t.table"}, 1, `a\.prop:2: property aspects: unknown property type "7"`},
		{"control character in table", map[string]string{"t.table": "[Code]\na\x07.ll\n"}, []string{"inspect", "D/t.table"}, 1, `t\.table:2: control character`},
		{"empty table", map[string]string{"t.table": ""}, []string{"aspect-filter", "-target=pocl_cpu", "-o", "OUT", "D/t.table"}, 1, `t\.table: empty file`},
		{"unknown target", map[string]string{"t.table": "[Code]\na.ll\n"}, []string{"aspect-filter", "-target=gpu9000", "-o", "OUT", "D/t.table"}, 1, `t\.table: unknown target "gpu9000"; known targets: `},
		{"unknown aspect in YAML", map[string]string{"d.yaml": "g:\n  aspects: [fp65]\n"}, []string{"devices", "--device-config-file", "D/d.yaml"}, 1, `d\.yaml:2: target g: unknown aspect "fp65"`},
		{"YAML anchor bomb", map[string]string{"d.yaml": bomb}, []string{"devices", "--device-config-file", "D/d.yaml"}, 1, `d\.yaml:1: YAML anchors and aliases`},
		{"duplicate targets", map[string]string{"d.yaml": "g:\n  aspects: []\ng:\n  aspects: []\n"}, []string{"devices", "--device-config-file", "D/d.yaml"}, 1, `d\.yaml:3: `},
		{"empty YAML", map[string]string{"d.yaml": ""}, []string{"traits", "--targets=g", "--device-config-file", "D/d.yaml"}, 1, `d\.yaml:1: empty device configuration`},
		{"wrap: missing image", map[string]string{"t.table": "[Code|Symbols]\na.bin|a.sym\n", "a.sym": "k\n"}, []string{"wrap", "--table=spir64:spirv:D/t.table", "-o", "OUT"}, 1, `t\.table:2: cannot read image`},
		{"wrap: bad .prop", map[string]string{"t.table": "[Code|Properties]\na.bin|a.prop\n", "a.bin": "x", "a.prop": "aspects=2|AAAA\n"}, []string{"wrap", "--table=spir64:spirv:D/t.table", "-o", "OUT"}, 1, `a\.prop:1: property outside`},
		{"option-like cell (aot)", map[string]string{"t.table": "[Code]\n-load=evil.so\n"}, []string{"aot", "-target=spir64", "--llc=llc", "--out-dir=D/img", "D/t.table"}, 1, `t\.table:2: file name "-load=evil\.so" looks like an option`},
		{"option-like cell (aspect-filter)", map[string]string{"t.table": "[Code|Properties]\na.ll|-a.prop\n"}, []string{"aspect-filter", "-target=pocl_cpu", "-o", "OUT", "D/t.table"}, 1, `t\.table:2: file name "-a\.prop" looks like an option`},
		{"option-like cell (wrap)", map[string]string{"t.table": "[Code]\n--help\n"}, []string{"wrap", "--table=spir64:spirv:D/t.table", "-o", "OUT"}, 1, `t\.table:2: file name "--help" looks like an option`},
		{"split: too many shards", map[string]string{"in.ll": "declare void @f()\n"}, []string{"split", "--shards=2000000000", "--out-dir=D/s", "D/in.ll"}, 2, `split: --shards=2000000000: at most 4096 shards`},
		{"split: bitcode wrapper", map[string]string{"in.ll": "\xde\xc0\x17\x0b\x00\x00"}, []string{"split", "--shards=2", "--out-dir=D/s", "D/in.ll"}, 1, `in\.ll: this is LLVM bitcode`},
		{"YAML: a second document", map[string]string{"d.yaml": "g:\n  aspects: []\n---\nh: [\n"}, []string{"devices", "--device-config-file", "D/d.yaml"}, 1, `d\.yaml:\d+: `},
		{"YAML: sub-group size above 2^32", map[string]string{"d.yaml": "g:\n  sub-group-sizes: [4294967312]\n"}, []string{"devices", "--device-config-file", "D/d.yaml"}, 1, `d\.yaml:2: target g: sub-group size "4294967312" is not a positive number`},
		{"aspect-filter: malformed aspects", map[string]string{"t.table": "[Code|Properties]\na.ll|a.prop\n", "a.prop": "[SYCL/device requirements]\naspects=2|wAAAAAAAAAgBAAAABAA\n"}, []string{"aspect-filter", "-target=intel_gpu_tgllp", "-o", "OUT", "D/t.table"}, 1, `t\.table:2: a\.prop: property aspects: `},
		{"aspect-filter: sub-group size of the wrong type", map[string]string{"t.table": "[Code|Properties]\na.ll|a.prop\n", "a.prop": "[SYCL/device requirements]\nreqd_sub_group_size=2|gAAAAAAAAAAQAAAA\n"}, []string{"aspect-filter", "-target=intel_gpu_tgllp", "-o", "OUT", "D/t.table"}, 1, `t\.table:2: a\.prop: property reqd_sub_group_size: type 2`},
		{"duplicate Properties column", map[string]string{"t.table": "[Code|Properties|Properties]\na.ll|a.prop|b.prop\n"}, []string{"aspect-filter", "-target=intel_gpu_tgllp", "-o", "OUT", "D/t.table"}, 1, `t\.table:1: column "Properties" twice`},
		{"aot: two rows, one output", map[string]string{"t.table": "[Code]\na.ll\nsub/a.ll\n"}, []string{"aot", "-target=spir64", "--dry-run", "--llc=llc", "--out-dir=D/img", "D/t.table"}, 1, `t\.table:3: output a\.spv would overwrite what row 2 writes`},
		{"aot: properties named like an image", map[string]string{"t.table": "[Code|Properties]\na.ll|a.spv\n", "a.spv": ""}, []string{"aot", "-target=spir64", "--dry-run", "--llc=llc", "--out-dir=D/img", "D/t.table"}, 1, `t\.table:2: output a\.spv would overwrite what row 2 writes`},
		{"kernel name with a space", map[string]string{"in.ll": "define spir_kernel void @\"my kernel\"() {\n  ret void\n}\n"}, []string{"split", "--shards=2", "--out-dir=D/s", "D/in.ll"}, 1, `in\.ll:1: entry point name "my kernel" cannot be listed in a \.sym file`},
		{"kernel name with a newline (post-link)", map[string]string{"in.ll": "define spir_kernel void @\"k\\0A2\"() {\n  ret void\n}\n"}, []string{"post-link", "-S", "-symbols", "-o", "OUT", "D/in.ll"}, 1, `in\.ll:1: entry point name "k\\n2" cannot be listed`},
		{"post-link table name with |", map[string]string{"in.ll": "declare void @f()\n"}, []string{"post-link", "-S", "-o", "D/a|b.table", "D/in.ll"}, 2, `a\|b\.table": a table name cannot hold`},
		{"aot: no Code column", map[string]string{"t.table": "[Properties]\na.prop\n", "a.prop": prop}, []string{"aot", "-target=spir64", "--llc=llc", "--out-dir=D/img", "D/t.table"}, 1, `t\.table:1: the table has no Code column`},
		{"aot: a cell naming the table's directory", map[string]string{"t.table": "[Code]\n.\n"}, []string{"aot", "-target=spir64", "--dry-run", "--llc=llc", "--out-dir=D/img", "D/t.table"}, 1, `t\.table:2: "\." names a directory, not a file`},
		{"aot: a blank cell", map[string]string{"t.table": "[Code]\n \n"}, []string{"aot", "-target=spir64", "--dry-run", "--llc=llc", "--out-dir=D/img", "D/t.table"}, 1, `t\.table:2: file name " " begins or ends with white space`},
		{"report: cell leaving the table", map[string]string{"t.table": "[Code|Symbols]\n../a.bin|a.sym\n"}, []string{"report", "-o", "OUT", "spir64=D/t.table=D/t.table"}, 1, `t\.table:2: path "\.\./a\.bin" leaves`},
		{"report: no Symbols column", map[string]string{"t.table": "[Code]\na.bin\n", "a.bin": "x"}, []string{"report", "-o", "OUT", "spir64=D/t.table=D/t.table"}, 1, `t\.table:1: a report needs the Code and Symbols columns`},
		{"report: not TARGET=SHARD=IMAGES", nil, []string{"report", "-o", "OUT", "spir64=x.table"}, 2, `report: "spir64=x\.table" is not TARGET=SHARD_TABLE=IMAGE_TABLE`},
		{"report: unknown target", map[string]string{"t.table": "[Code|Symbols]\na.bin|a.sym\n"}, []string{"report", "-o", "OUT", "gpu9000=D/t.table=D/t.table"}, 2, `report: unknown target "gpu9000"`},
		{"aot: out-dir is the input's directory", map[string]string{"files.table": "[Code|Symbols]\na.ll|a.sym\n"}, []string{"aot", "-target=spir64", "--out-dir=D/.", "D/files.table"}, 2, `aot: --out-dir=.* is the input table's directory`},
		{"propagate: failed lowering keeps the kernel locations", map[string]string{"in.ll": "define spir_kernel void @k() {\n  ret void\n}\n"}, []string{"propagate", "--lower-math=bogus", "--kernel-locations", "OUT", "-o", "D/x.ll", "D/in.ll"}, 2, `--lower-math is spirv, spirv-no-devicelibs, libclc or nolibclc:TARGET, not "bogus"`},
		{"params file: /dev/zero", nil, []string{"@/dev/zero"}, 2, `cannot read params file: /dev/zero is not a regular file`},
		{"kernel locations: /dev/zero", map[string]string{"t.table": "[Code|Symbols]\na.bin|a.sym\n", "a.bin": "x", "a.sym": "k\n"}, []string{"report", "-o", "OUT", "--kernel-locations=/dev/zero", "spir64=D/t.table=D/t.table"}, 1, `/dev/zero: cannot read kernel locations: /dev/zero is not a regular file`},
		{"propagate: a provided-symbols line that is no name", map[string]string{"in.ll": "define spir_kernel void @k() {\n  ret void\n}\n", "p.txt": "ok\nnot a name\n"}, []string{"propagate", "--lower-math=spirv-no-devicelibs", "--provided-symbols=D/p.txt", "-o", "OUT", "D/in.ll"}, 1, `p\.txt:2: "not a name" is not a function name`},
		{"propagate: provided symbols without the C-library check", map[string]string{"in.ll": "define spir_kernel void @k() {\n  ret void\n}\n", "p.txt": "ok\n"}, []string{"propagate", "--lower-math=spirv", "--provided-symbols=D/p.txt", "-o", "OUT", "D/in.ll"}, 2, `--provided-symbols goes with --lower-math=spirv-no-devicelibs`},
		{"propagate: provided symbols from /dev/zero", map[string]string{"in.ll": "define spir_kernel void @k() {\n  ret void\n}\n"}, []string{"propagate", "--lower-math=spirv-no-devicelibs", "--provided-symbols=/dev/zero", "-o", "OUT", "D/in.ll"}, 1, `/dev/zero is not a regular file`},
		{"propagate: /dev/zero", nil, []string{"propagate", "-o", "OUT", "/dev/zero"}, 1, `/dev/zero: cannot read: /dev/zero is not a regular file`},
		{"post-link: /dev/null", nil, []string{"post-link", "-S", "-o", "OUT", "/dev/null"}, 1, `/dev/null is not a regular file`},
		{"split: /dev/zero", nil, []string{"split", "--shards=2", "--out-dir=D/s", "/dev/zero"}, 1, `/dev/zero is not a regular file`},
		{"inspect: /dev/zero", nil, []string{"inspect", "/dev/zero"}, 1, `/dev/zero is not a regular file`},
		{"aspect-filter: /dev/zero", nil, []string{"aspect-filter", "-target=pocl_cpu", "-o", "OUT", "/dev/zero"}, 1, `/dev/zero is not a regular file`},
		{"aot: /dev/zero", nil, []string{"aot", "-target=spir64", "--llc=llc", "--out-dir=D/img", "/dev/zero"}, 1, `/dev/zero is not a regular file`},
		{"wrap: /dev/zero", nil, []string{"wrap", "--table=spir64:spirv:/dev/zero", "-o", "OUT"}, 1, `/dev/zero is not a regular file`},
		{"report: /dev/zero", nil, []string{"report", "-o", "OUT", "spir64=/dev/zero=/dev/zero"}, 1, `/dev/zero is not a regular file`},
		{"report: the same spec twice", map[string]string{"t.table": "[Code|Symbols]\na.bin|a.sym\n"}, []string{"report", "-o", "OUT", "spir64=D/t.table=D/t.table", "spir64=D/t.table=D/t.table"}, 2, `report: spir64=.*t\.table is given twice`},
		{"pch-check: define first", map[string]string{"tu.cpp": "// x\n#define SYCL_SIMPLE_SWIZZLES\n#include <sycl/sycl.hpp>\n"}, []string{"pch-check", "-o", "OUT", "D/tu.cpp"}, 1, `tu\.cpp:2: host_pch: #define before the include of <sycl/sycl\.hpp>`},
		{"pch-check: /dev/zero", nil, []string{"pch-check", "-o", "OUT", "/dev/zero"}, 1, `^/dev/zero: .*not a regular file`},
		{"pch-check: no source", nil, []string{"pch-check", "-o", "OUT"}, 2, `pch-check: need -o STAMP and at least one SOURCE`},
		{"unknown flag", map[string]string{"in.ll": ""}, []string{"propagate", "--frobnicate", "D/in.ll"}, 2, `--frobnicate`},
		{"unknown verb", nil, []string{"frobnicate"}, 2, `unknown verb "frobnicate"`},
		{"bad wrap format", nil, []string{"wrap", "--table=spir64:exe:x.table", "-o", "OUT"}, 2, `unknown image format "exe"`},
		{"unwritable output directory", map[string]string{"in.ll": "declare void @f()\n"}, []string{"propagate", "-o", "D/no/such/dir/out.ll", "D/in.ll"}, 1, `no/such/dir`},
	}
	if len(cases) < 25 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, data := range tc.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			outDir := t.TempDir()
			out := filepath.Join(outDir, "previous.out")
			os.WriteFile(out, []byte("previous"), 0o644)
			args := []string{"sycl-device"}
			for _, a := range tc.args {
				a = strings.ReplaceAll(a, "D/", dir+"/")
				if a == "OUT" {
					a = out
				}
				args = append(args, a)
			}
			tool := newTool()
			var stdout, stderr bytes.Buffer
			code := tool.Main(args, &cli.Env{Stdout: &stdout, Stderr: &stderr})
			msg := strings.TrimSpace(stderr.String())
			if code != tc.code {
				t.Errorf("exit %d, want %d (%s)", code, tc.code, msg)
			}
			if strings.Count(msg, "\n") != 0 || msg == "" {
				t.Errorf("want one message line, got %q", msg)
			}
			if !regexp.MustCompile(tc.msg).MatchString(msg) {
				t.Errorf("message %q does not match %q", msg, tc.msg)
			}
			if got, _ := os.ReadFile(out); string(got) != "previous" {
				t.Errorf("the previous output was changed")
			}
			if entries, _ := os.ReadDir(outDir); len(entries) != 1 {
				t.Errorf("files left in the output directory: %v", entries)
			}
			if _, err := os.Stat(filepath.Join(dir, "img")); err == nil {
				if entries, _ := os.ReadDir(filepath.Join(dir, "img")); len(entries) != 0 {
					t.Errorf("aot left files behind: %v", entries)
				}
			}
		})
	}
}
