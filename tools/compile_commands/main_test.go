package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const sample = `{
  "actions": [
    {"targetId": 1, "mnemonic": "SyclDeviceCompile", "arguments": ["bazel-out/k8-opt-exec/bin/cmd/sycl-device/sycl-device", "checked-compile", "--declared-inputs=bazel-out/k8/bin/a/a.dev.ll-0.params", "--source=a/a.cpp", "--what=device", "--", "external/sycl_llvm/bin/clang++", "-fsycl", "-fsycl-device-only", "-iquote", ".", "-include", "bazel-out/k8/bin/a/traits.h", "a/a.cpp", "-o", "bazel-out/k8/bin/a/a.dev.ll"]},
    {"targetId": 1, "mnemonic": "SyclDeviceCompile", "arguments": ["external/sycl_llvm/bin/clang++", "-fsycl", "--offload-arch=sm_90", "a/a.cpp", "-o", "bazel-out/k8/bin/a/sm_90/0_a.dev.ll"]},
    {"targetId": 1, "mnemonic": "CppCompile", "arguments": ["external/sycl_cc/bin/clang", "-Xclang", "-fsycl-is-host", "-c", "a/a.cpp", "-o", "bazel-out/k8/bin/a/_objs/a/a.pic.o"]},
    {"targetId": 2, "mnemonic": "CppCompile", "arguments": ["/usr/bin/gcc", "-c", "plain/p.cc", "-o", "p.o"]},
    {"targetId": 3, "mnemonic": "SyclHostCompile", "arguments": ["bazel-out/k8-opt-exec/bin/cmd/sycl-device/sycl-device", "checked-compile", "--declared-inputs=d.o-0.params", "--source=external/dep/d.cc", "--what=host", "--", "external/sycl_llvm/bin/clang++", "-Xclang", "-fsycl-is-host", "-c", "external/dep/d.cc", "-o", "d.o"]},
    {"targetId": 3, "mnemonic": "SyclHostCompile", "arguments": ["external/sycl_llvm/bin/clang++", "-Xclang", "-fsycl-is-host", "-c", "external/dep/d.cc", "-o", "d.o"]}
  ],
  "targets": [{"id": 1, "label": "//a:a"}, {"id": 2, "label": "//plain:p"}, {"id": 3, "label": "@dep//:d"}]
}`

func TestCommands(t *testing.T) {
	var q aquery
	if err := json.Unmarshal([]byte(sample), &q); err != nil {
		t.Fatal(err)
	}
	got, err := Commands(&q, "/root/execroot/ws", "/home/u/ws")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, e := range got {
		if e.Directory != "/root/execroot/ws" {
			t.Errorf("directory %s", e.Directory)
		}
		lines = append(lines, e.File+" "+e.Arguments[0]+" "+strings.Join(e.Arguments[1:3], " "))
	}
	want := []string{
		// The host command of a/a.cpp first, then the spir64 and the NVPTX device ones.
		"/home/u/ws/a/a.cpp /root/execroot/ws/external/sycl_cc/bin/clang -Xclang -fsycl-is-host",
		"/home/u/ws/a/a.cpp /root/execroot/ws/external/sycl_llvm/bin/clang++ -fsycl -fsycl-device-only",
		"/home/u/ws/a/a.cpp /root/execroot/ws/external/sycl_llvm/bin/clang++ -fsycl --offload-arch=sm_90",
		// An external repository's source stays under the execution root; duplicates go
		// (one of them run through sycl-device checked-compile: the compiler's command).
		"/root/execroot/ws/external/dep/d.cc /root/execroot/ws/external/sycl_llvm/bin/clang++ -Xclang -fsycl-is-host",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	// The source argument itself is made absolute; the -include value is left alone.
	dev := got[1].Arguments
	if dev[len(dev)-3] != "/home/u/ws/a/a.cpp" || dev[6] != "bazel-out/k8/bin/a/traits.h" {
		t.Errorf("device argv %v", dev)
	}
	if got[0].Output != "bazel-out/k8/bin/a/_objs/a/a.pic.o" {
		t.Errorf("output %q", got[0].Output)
	}
}

func TestSource(t *testing.T) {
	for _, c := range []struct {
		args []string
		want int
	}{
		{[]string{"cc", "-include", "x.cpp", "a.cpp"}, 3},
		{[]string{"cc", "-c", "a.cc", "-o", "b.cpp"}, 2},
		{[]string{"cc", "-o", "a.o"}, -1},
	} {
		if got := source(c.args); got != c.want {
			t.Errorf("source(%v) = %d, want %d", c.args, got, c.want)
		}
	}
}

// A TU of DPC++'s front end from the runtime wheel: its device compile (sycl-jit-fe) has no
// compiler command line and is left out; its host compile reads the generated
// <stem>.footer.cpp, whose entry is the source it includes first.
func TestFrontEndTU(t *testing.T) {
	execroot := t.TempDir()
	gen := filepath.Join(execroot, "bazel-out/k8/bin/b/_sycl/b/b_b.footer.cpp")
	if err := os.MkdirAll(filepath.Dir(gen), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(gen, []byte("#include \"b/b.cpp\"\n#include \"bazel-out/k8/bin/b/_sycl/b/b_b.int_footer.h\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	q := aquery{}
	js := `{"actions": [
	  {"targetId": 1, "mnemonic": "SyclDeviceCompile", "arguments": ["bazel-out/k8-opt-exec/bin/external/rules_sycl/toolchain/dpcpp_jit/sycl-jit-fe", "--library=external/sycl_dpcpp/lib/libsycl-jit.so.22.1", "--source=b/b.cpp", "--output=bazel-out/k8/bin/b/_sycl/b/b_b.dev.bc", "--", "-O2"]},
	  {"targetId": 1, "mnemonic": "CppCompile", "arguments": ["external/sycl_cc/bin/clang", "-include", "bazel-out/k8/bin/b/_sycl/b/b_b.int_header.h", "-Xclang", "-fsycl-is-host", "-c", "bazel-out/k8/bin/b/_sycl/b/b_b.footer.cpp", "-o", "b.o"]}
	], "targets": [{"id": 1, "label": "//b:b"}]}`
	if err := json.Unmarshal([]byte(js), &q); err != nil {
		t.Fatal(err)
	}
	got, err := Commands(&q, execroot, "/home/u/ws")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].File != "/home/u/ws/b/b.cpp" || !contains(got[0].Arguments, "/home/u/ws/b/b.cpp") || !contains(got[0].Arguments, "-fsycl-is-host") {
		t.Fatalf("got %+v", got)
	}
}
