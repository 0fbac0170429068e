// Command compile_commands writes compile_commands.json for the SYCL sources of a Bazel
// workspace, so that clangd (and other clang tools) understand them in an editor:
//
//	bazel run @rules_sycl//tools:compile_commands              # every SYCL target: //...
//	bazel run @rules_sycl//tools:compile_commands -- //app/... //lib:all
//
// It builds the headers the sources include first (output group sycl_compile_inputs:
// the generated aspect traits header, generated headers of dependencies), asks Bazel
// for the compile actions (aquery: SyclHostCompile, CppCompile with -fsycl-is-host,
// SyclDeviceCompile) and writes one entry per action: the directory is the execution
// root, the file and the compiler absolute. The host command line of a file comes
// first (clangd uses the first), its device command lines (spir64, then each NVPTX
// architecture) after it.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/internal/cli"
)

// Entry is one compile_commands.json entry.
type Entry struct {
	Directory string   `json:"directory"`
	File      string   `json:"file"`
	Arguments []string `json:"arguments"`
	Output    string   `json:"output,omitempty"`
}

// aquery is the part of `bazel aquery --output=jsonproto` this tool reads.
type aquery struct {
	Actions []struct {
		TargetID  json.Number `json:"targetId"`
		Mnemonic  string      `json:"mnemonic"`
		Arguments []string    `json:"arguments"`
	} `json:"actions"`
	Targets []struct {
		ID    json.Number `json:"id"`
		Label string      `json:"label"`
	} `json:"targets"`
}

var sourceExt = map[string]bool{".cpp": true, ".cc": true, ".cxx": true, ".c++": true, ".C": true}

// takesValue lists the options whose next argument is not the source.
var takesValue = map[string]bool{
	"-o": true, "-include": true, "-MF": true, "-MT": true, "-MQ": true, "-Xclang": true,
	"-I": true, "-iquote": true, "-isystem": true, "-idirafter": true, "-x": true, "-imacros": true,
}

// source returns the index of the source file in a compile command line (-1 if none):
// the argument after -c if it is one, else the last source-like argument that is not an
// option's value.
func source(args []string) int {
	found := -1
	for i := 1; i < len(args); i++ {
		a := args[i]
		if !sourceExt[filepath.Ext(a)] || strings.HasPrefix(a, "-") || takesValue[args[i-1]] {
			continue
		}
		if args[i-1] == "-c" {
			return i
		}
		found = i
	}
	return found
}

// isFrontEndTool reports whether a device compile runs sycl-jit-fe (--library= and
// --source= instead of a compiler's command line).
func isFrontEndTool(args []string) bool {
	lib, src := false, false
	for _, a := range args {
		lib = lib || strings.HasPrefix(a, "--library=")
		src = src || strings.HasPrefix(a, "--source=")
	}
	return lib && src
}

// appendedSource reads the source a DPC++ host compile's generated <stem>.footer.cpp
// includes first (`#include "SRC"`): the file an editor opens.
func appendedSource(execroot, src string) (string, bool) {
	if !strings.HasSuffix(src, ".footer.cpp") {
		return "", false
	}
	data, err := os.ReadFile(filepath.Join(execroot, src))
	if err != nil {
		return "", false
	}
	line := strings.SplitN(string(data), "\n", 2)[0]
	const prefix = "#include \""
	if !strings.HasPrefix(line, prefix) || !strings.HasSuffix(line, "\"") || len(line) <= len(prefix)+1 {
		return "", false
	}
	return line[len(prefix) : len(line)-1], true
}

func output(args []string) string {
	for i := 0; i+1 < len(args); i++ {
		if args[i] == "-o" {
			return args[i+1]
		}
	}
	return ""
}

func contains(args []string, s string) bool {
	for _, a := range args {
		if a == s {
			return true
		}
	}
	return false
}

// compilerCommand is the compiler's own command line of an action's: the part after "--"
// of a compile run through `sycl-device checked-compile` (which checks what the compile
// read), the action's arguments otherwise.
func compilerCommand(args []string) []string {
	if len(args) < 2 || args[1] != "checked-compile" {
		return args
	}
	for i, a := range args {
		if a == "--" {
			return args[i+1:]
		}
	}
	return args
}

// Commands turns the compile actions of q into entries. Paths relative to the execution
// root are made absolute: the compiler, and the file (in the workspace for the main
// repository's sources, so that the path an editor opens matches).
func Commands(q *aquery, execroot, workspace string) ([]Entry, error) {
	type keyed struct {
		e    Entry
		rank int // 0 host, 1 spir64 device, 2 other device
	}
	var all []keyed
	seen := map[string]bool{}
	for _, a := range q.Actions {
		args := compilerCommand(a.Arguments)
		rank := 0
		switch a.Mnemonic {
		case "SyclHostCompile":
		case "CppCompile":
			if !contains(args, "-fsycl-is-host") {
				continue // not a SYCL source
			}
		case "SyclDeviceCompile":
			if isFrontEndTool(args) {
				// DPC++'s front end from Intel's runtime wheel (sycl-jit-fe): no compiler
				// command line an editor could run; the TU's host compile serves it.
				continue
			}
			rank = 1
			for _, x := range args {
				if strings.HasPrefix(x, "--offload-arch=") {
					rank = 2
				}
			}
		default:
			continue
		}
		if len(args) == 0 {
			continue
		}
		i := source(args)
		if i < 0 {
			return nil, fmt.Errorf("a %s action has no source file among its arguments: %s", a.Mnemonic, strings.Join(args, " "))
		}
		src := args[i]
		if orig, ok := appendedSource(execroot, src); ok {
			// A DPC++ TU's host compile reads a generated file that includes the source,
			// then the integration footer: the entry is the source's, with the same flags
			// (the integration header is -included).
			src = orig
		}
		file := filepath.Join(execroot, src)
		if workspace != "" && !filepath.IsAbs(src) && !strings.HasPrefix(src, "external/") && !strings.HasPrefix(src, "bazel-out/") {
			file = filepath.Join(workspace, src)
		}
		argv := append([]string(nil), args...)
		if !filepath.IsAbs(argv[0]) && strings.Contains(argv[0], "/") {
			argv[0] = filepath.Join(execroot, argv[0])
		}
		argv[i] = file
		key := strings.Join(argv, "\x00")
		if seen[key] {
			continue
		}
		seen[key] = true
		all = append(all, keyed{Entry{Directory: execroot, File: file, Arguments: argv, Output: output(args)}, rank})
	}
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].e.File != all[j].e.File {
			return all[i].e.File < all[j].e.File
		}
		return all[i].rank < all[j].rank
	})
	out := make([]Entry, len(all))
	for i, k := range all {
		out[i] = k.e
	}
	return out, nil
}

func run(bazel string, stdout *bytes.Buffer, args ...string) error {
	cmd := exec.Command(bazel, args...)
	cmd.Stderr = os.Stderr
	if stdout != nil {
		cmd.Stdout = stdout
	} else {
		cmd.Stdout = os.Stderr
	}
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s: %v", bazel, strings.Join(args, " "), err)
	}
	return nil
}

func main() {
	bazelDefault := os.Getenv("BAZEL")
	if bazelDefault == "" {
		bazelDefault = "bazel"
	}
	bazel := flag.String("bazel", bazelDefault, "the Bazel command to query the workspace with ($BAZEL, else bazel)")
	out := flag.String("o", "", "output file (default: compile_commands.json at the workspace root)")
	var extra cli.Multi
	flag.Var(&extra, "bazel_arg", "an extra Bazel flag for the build and the query (repeatable), e.g. --config=...")
	flag.Parse()
	if err := mainErr(*bazel, *out, extra, flag.Args()); err != nil {
		fmt.Fprintf(os.Stderr, "compile_commands: %v\n", err)
		os.Exit(1)
	}
}

func mainErr(bazel, out string, extra, targets []string) error {
	ws := os.Getenv("BUILD_WORKSPACE_DIRECTORY")
	if ws == "" {
		return fmt.Errorf("run me with `bazel run` (BUILD_WORKSPACE_DIRECTORY is not set)")
	}
	if err := os.Chdir(ws); err != nil {
		return err
	}
	if len(targets) == 0 {
		targets = []string{"//..."}
	}
	if out == "" {
		out = filepath.Join(ws, "compile_commands.json")
	}
	fmt.Fprintf(os.Stderr, "compile_commands: building the headers of %s\n", strings.Join(targets, " "))
	build := append([]string{"build", "--output_groups=sycl_compile_inputs", "--keep_going"}, extra...)
	if err := run(bazel, nil, append(append(build, "--"), targets...)...); err != nil {
		return err
	}
	var info bytes.Buffer
	if err := run(bazel, &info, append([]string{"info"}, append(extra, "execution_root")...)...); err != nil {
		return err
	}
	execroot := strings.TrimSpace(info.String())
	expr := fmt.Sprintf(`mnemonic("SyclHostCompile|SyclDeviceCompile|CppCompile", set(%s))`, strings.Join(targets, " "))
	var aq bytes.Buffer
	if err := run(bazel, &aq, append(append([]string{"aquery", "--output=jsonproto", "--include_artifacts=false"}, extra...), expr)...); err != nil {
		return err
	}
	var q aquery
	if err := json.Unmarshal(aq.Bytes(), &q); err != nil {
		return fmt.Errorf("reading aquery's output: %v", err)
	}
	entries, err := Commands(&q, execroot, ws)
	if err != nil {
		return err
	}
	if len(entries) == 0 {
		return fmt.Errorf("no SYCL compile actions in %s", strings.Join(targets, " "))
	}
	data, err := json.MarshalIndent(entries, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(out, append(data, '\n'), 0o644); err != nil {
		return err
	}
	files := map[string]bool{}
	for _, e := range entries {
		files[e.File] = true
	}
	fmt.Fprintf(os.Stderr, "compile_commands: wrote %d commands for %d files to %s\n", len(entries), len(files), out)
	return nil
}
