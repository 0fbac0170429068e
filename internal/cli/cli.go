// Package cli dispatches the verbs of the sycl-device tool: `sycl-device <verb> args`,
// or the verb named by argv[0] for DPC++'s tool names (sycl-post-link, ...). It expands
// Bazel `@params` files, prints per-verb help, and maps errors to exit codes
// (0 ok, 1 bad input, 2 usage).
package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/mapfile"
)

// Version is the version sycl-device reports. It is a constant so that outputs never
// depend on when or where the tool was built.
const Version = "0.1.0"

// Env is what a verb may use of its surroundings. Verbs reach standard input, the
// outputs and external tools only through it, so that a persistent worker can run a
// request without handing it the worker protocol's streams.
type Env struct {
	// Stdin is the verb's standard input; nil reads as empty (a worker request has none).
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Context is cancelled when the request is (persistent worker); nil means never.
	Context context.Context
}

// In returns the environment's standard input (empty when there is none).
func (e *Env) In() io.Reader {
	if e.Stdin == nil {
		return bytes.NewReader(nil)
	}
	return e.Stdin
}

// HasStdin says whether the verb has a standard input to read: a persistent worker's
// requests have none (its standard input carries the protocol).
func (e *Env) HasStdin() bool { return e.Stdin != nil }

// Run runs an external tool with stdin as its standard input (nil: none) and returns
// what it wrote to standard output and standard error. The process is killed when the
// environment's context is cancelled.
func (e *Env) Run(stdin []byte, tool string, args ...string) (stdout, stderr []byte, err error) {
	return e.RunIn("", stdin, tool, args...)
}

// RunIn is Run in directory dir ("" for the current one).
func (e *Env) RunIn(dir string, stdin []byte, tool string, args ...string) (stdout, stderr []byte, err error) {
	if dir != "" && strings.ContainsRune(tool, filepath.Separator) && !filepath.IsAbs(tool) {
		// A relative tool path (the rules give execution-root-relative ones) would be
		// looked up from dir.
		if abs, err := filepath.Abs(tool); err == nil {
			tool = abs
		}
	}
	cmd := exec.CommandContext(e.Ctx(), tool, args...)
	cmd.Dir = dir
	if dir != "" {
		cmd.Env = absoluteLibraryPath(os.Environ())
	}
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	return out.Bytes(), errb.Bytes(), err
}

// absoluteLibraryPath makes the relative directories of LD_LIBRARY_PATH absolute, so that
// a tool started in another directory still finds its libraries (the rules give the
// execution-root-relative directories of the toolchain's libraries).
func absoluteLibraryPath(env []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		if strings.HasPrefix(kv, "LD_LIBRARY_PATH=") {
			dirs := filepath.SplitList(strings.TrimPrefix(kv, "LD_LIBRARY_PATH="))
			for i, d := range dirs {
				if d != "" && !filepath.IsAbs(d) {
					if abs, err := filepath.Abs(d); err == nil {
						dirs[i] = abs
					}
				}
			}
			kv = "LD_LIBRARY_PATH=" + strings.Join(dirs, string(filepath.ListSeparator))
		}
		out = append(out, kv)
	}
	return out
}

// Multi is a repeatable string flag.
type Multi []string

func (m *Multi) String() string { return strings.Join(*m, " ") }

// Set appends a value.
func (m *Multi) Set(s string) error { *m = append(*m, s); return nil }

// SplitList splits a comma-separated flag value, dropping blanks around and empty items.
func SplitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// Ctx returns the environment's context, or context.Background().
func (e *Env) Ctx() context.Context {
	if e.Context == nil {
		return context.Background()
	}
	return e.Context
}

// Verb is one sub-command.
type Verb struct {
	Name    string
	Aliases []string // argv[0] names that select this verb (DPC++ tool names)
	Summary string   // one line for the verb list
	Usage   string   // the synopsis, e.g. "propagate [flags] IN.ll"
	// Flags declares the verb's flags on fs; it may be nil.
	Flags func(fs *flag.FlagSet)
	// Run executes the verb with the arguments left after flag parsing.
	Run func(env *Env, fs *flag.FlagSet, args []string) error
}

// Tool is a set of verbs.
type Tool struct {
	Name  string
	verbs map[string]*Verb
}

// New returns an empty tool.
func New(name string) *Tool { return &Tool{Name: name, verbs: map[string]*Verb{}} }

// Register adds verbs; it panics on a duplicate name, a programming error.
func (t *Tool) Register(vs ...*Verb) {
	for _, v := range vs {
		for _, n := range append([]string{v.Name}, v.Aliases...) {
			if _, dup := t.verbs[n]; dup {
				panic("cli: duplicate verb " + n)
			}
			t.verbs[n] = v
		}
	}
}

// Main runs the tool on argv (argv[0] included) and returns the exit status.
func (t *Tool) Main(argv []string, env *Env) int {
	err := t.run(argv, env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "%s\n", errorText(t.Name, err))
	}
	return diag.ExitCode(err)
}

func errorText(tool string, err error) string {
	var u *diag.UsageError
	if errors.As(err, &u) {
		return fmt.Sprintf("%s: %s (see '%s --help')", tool, u.Msg, tool)
	}
	return err.Error()
}

func (t *Tool) run(argv []string, env *Env) error {
	if len(argv) == 0 {
		return diag.Usagef("no arguments")
	}
	args, err := ExpandParams(argv[1:])
	if err != nil {
		return err
	}
	// A DPC++ tool name as argv[0] selects the verb directly.
	if v, ok := t.verbs[filepath.Base(argv[0])]; ok && filepath.Base(argv[0]) != v.Name {
		return t.runVerb(v, filepath.Base(argv[0]), args, env)
	}
	if len(args) == 0 {
		t.printHelp(env.Stderr)
		return diag.Usagef("missing verb")
	}
	switch args[0] {
	case "--help", "-help", "-h", "help":
		if len(args) > 1 {
			if v, ok := t.verbs[args[1]]; ok {
				return t.runVerb(v, v.Name, []string{"--help"}, env)
			}
			return diag.Usagef("unknown verb %q", args[1])
		}
		t.printHelp(env.Stdout)
		return nil
	case "--version", "-version", "version":
		fmt.Fprintf(env.Stdout, "%s %s\n", t.Name, Version)
		return nil
	}
	v, ok := t.verbs[args[0]]
	if !ok {
		return diag.Usagef("unknown verb %q", args[0])
	}
	return t.runVerb(v, v.Name, args[1:], env)
}

func (t *Tool) runVerb(v *Verb, invokedAs string, args []string, env *Env) error {
	fs := flag.NewFlagSet(invokedAs, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if v.Flags != nil {
		v.Flags(fs)
	}
	for _, a := range args {
		if a == "--help" || a == "-help" || a == "-h" {
			fmt.Fprintf(env.Stdout, "usage: %s %s\n\n%s\n", t.Name, v.Usage, v.Summary)
			if hasFlags(fs) {
				fmt.Fprintf(env.Stdout, "\nflags:\n")
				fs.SetOutput(env.Stdout)
				fs.PrintDefaults()
			}
			return nil
		}
		if a == "--" {
			break
		}
	}
	positional, err := parseInterspersed(fs, args)
	if err != nil {
		msg := err.Error()
		if name := strings.TrimPrefix(msg, "flag provided but not defined: "); name != msg {
			// Name the flag as it was written (Go's flag package drops a second dash).
			written := name
			for _, a := range args {
				if a == name || a == "-"+name || strings.HasPrefix(a, name+"=") || strings.HasPrefix(a, "-"+name+"=") {
					written = strings.SplitN(a, "=", 2)[0]
					break
				}
			}
			msg = "unknown flag " + written
		}
		return diag.Usagef("%s: %s", v.Name, msg)
	}
	return v.Run(env, fs, positional)
}

// parseInterspersed parses flags that may appear before, between or after positional
// arguments (as LLVM and DPC++ tools accept them); everything after "--" is positional.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var tail []string
	for i, a := range args {
		if a == "--" {
			args, tail = args[:i], args[i+1:]
			break
		}
	}
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
	return append(positional, tail...), nil
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

func (t *Tool) printHelp(w io.Writer) {
	fmt.Fprintf(w, "usage: %s <verb> [flags] [args]   (arguments may come from @file)\n\nverbs:\n", t.Name)
	var names []string
	seen := map[*Verb]bool{}
	for _, v := range t.verbs {
		if !seen[v] {
			seen[v] = true
			names = append(names, v.Name)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-14s %s\n", n, t.verbs[n].Summary)
	}
	fmt.Fprintf(w, "\n'%s <verb> --help' describes a verb; '%s --version' prints the version.\n", t.Name, t.Name)
}

// MaxParamsFile bounds a params file (Bazel's hold a few kilobytes of arguments).
const MaxParamsFile = 64 << 20

// ExpandParams replaces the last argument, when it is "@path", by the lines of that file,
// one argument per line (Bazel's "multiline" parameter file format: Bazel passes a params
// file as the action's last argument). "@@x" there stands for a literal "@x". Any other
// argument is taken as it is, so that a value that starts with "@" (a label of another
// repository, @repo//pkg:t) is never read as a file. Expansion is not recursive.
func ExpandParams(args []string) ([]string, error) {
	var out []string
	for i, a := range args {
		switch {
		case i < len(args)-1:
			out = append(out, a)
		case strings.HasPrefix(a, "@@"):
			out = append(out, a[1:])
		case strings.HasPrefix(a, "@") && len(a) > 1:
			data, err := mapfile.ReadRegular(a[1:], MaxParamsFile)
			if err != nil {
				return nil, diag.Usagef("cannot read params file: %v", err)
			}
			sc := bufio.NewScanner(bytes.NewReader(data))
			sc.Buffer(make([]byte, 64*1024), 16<<20)
			for sc.Scan() {
				out = append(out, strings.TrimSuffix(sc.Text(), "\r"))
			}
			if err := sc.Err(); err != nil {
				return nil, diag.Usagef("params file %s: %v", a[1:], err)
			}
		default:
			out = append(out, a)
		}
	}
	return out, nil
}
