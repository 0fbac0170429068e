package aspectprop_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var mdDef = regexp.MustCompile(`(?m)^![0-9]+ = .*$`)

// TestNewNodesInLLVMOrder: the nodes propagate adds are numbered and printed in the
// order LLVM's printer gives them (first reference, operands depth first), so a FileCheck
// written against opt's output matches in order. opt -S of the output (which renumbers
// every node its own way) must leave the metadata lines unchanged, for inputs whose own
// nodes are in LLVM's order already.
func TestNewNodesInLLVMOrder(t *testing.T) {
	opt := llvmTool(t, *optFlag, "opt-22")
	if opt == "" {
		t.Skip("opt-22 not found")
	}
	dir := t.TempDir()
	for _, name := range []string{"deviceif_siblings", "deviceif_nested", "callgraph", "infer"} {
		out := filepath.Join(dir, name+".ll")
		if _, stderr, code := runTool("testdata/"+name+".ll", "-o", out); code != 0 {
			t.Fatalf("%s: propagate: %s", name, stderr)
		}
		printed, err := exec.Command(opt, "-S", out, "-o", "-").Output()
		if err != nil {
			t.Fatalf("%s: opt: %v", name, err)
		}
		ours, _ := os.ReadFile(out)
		a := strings.Join(mdDef.FindAllString(string(ours), -1), "\n")
		b := strings.Join(mdDef.FindAllString(string(printed), -1), "\n")
		if a == "" || a != b {
			t.Errorf("%s: metadata differs from opt -S's:\nours:\n%s\nopt:\n%s", name, a, b)
		}
	}
}
