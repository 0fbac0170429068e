package main

import (
	"strings"
	"testing"
)

func TestKind(t *testing.T) {
	for msg, want := range map[string]string{
		"Compiling SYCL device code gen/tu_00.cpp for spir64_gen (DPC++'s front end from Intel's runtime wheel)": "Compiling SYCL device code",
		"Compiling the images of //gen:modular for intel_gpu_pvc (shard 1/8, dpcpp-jit_spir64_gen, ocloc)":       "Compiling the images of [ocloc]",
		"Compiling the images of //gen:modular for spir64 (shard 1/8, spir, llc: SPIR-V)":                        "Compiling the images of [llc: SPIR-V]",
		"Linking gen/modular":                          "Linking",
		"BazelWorkspaceStatusAction stable-status.txt": "BazelWorkspaceStatusAction stable-status.txt",
		"//x": "//x",
	} {
		if got := kind(msg); got != want {
			t.Errorf("kind(%q) = %q, want %q", msg, got, want)
		}
	}
}

func TestSummarise(t *testing.T) {
	tr := trace{TraceEvents: []event{
		{Cat: "action processing", Name: "Compiling SYCL host code a/b.cpp", Dur: 3e6},
		{Cat: "action processing", Name: "Compiling SYCL host code a/c.cpp", Dur: 1e6},
		{Cat: "action processing", Name: "Linking a/bin", Dur: 1e6},
		{Cat: "critical path component", Name: "action 'Compiling SYCL host code a/b.cpp'", Dur: 3e6},
		{Cat: "critical path component", Name: "action 'Linking a/bin'", Dur: 1e6},
	}}
	var b strings.Builder
	if err := summarise(tr, &b); err != nil {
		t.Fatal(err)
	}
	want := "actions 3 busy_s=5.0\n" +
		"kind=Compiling SYCL host code n=2 s=4.0 share=0.800\n" +
		"kind=Linking n=1 s=1.0 share=0.200\n" +
		"critical_path_s=4.0 top='Compiling SYCL host code a/b.cpp' (3.0 s)\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	if err := summarise(trace{}, &b); err == nil {
		t.Error("an empty profile gave no error")
	}
}
