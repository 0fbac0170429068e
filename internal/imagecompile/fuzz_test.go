package imagecompile

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

// FuzzCompileTable: any table (dry run, so no tool runs) gives either an error that names
// the table, or commands whose file arguments stay inside the table's and the output
// directory and never look like options; nothing panics.
func FuzzCompileTable(f *testing.F) {
	f.Add("[Code|Symbols]\na.ll|a.sym\n", "nvidia_gpu_sm_90")
	f.Add("[Code|Properties]\na.ll|a.prop\n", "spir64")
	f.Add("[Code]\n-load=evil.so\n", "spir64")
	f.Add("[Code]\n../x.ll\n", "intel_gpu_tgllp")
	f.Add("[Code]\n/etc/passwd\n", "pocl_cpu")
	f.Add("[Code]\na.ll\nsub/a.ll\n", "spir64")
	f.Add("[Properties]\na.prop\n", "spir64")
	f.Add("[Code]\n.\n", "spir64") // found by this target: the table's own directory as an input
	f.Fuzz(func(t *testing.T, table, targetName string) {
		var tgt = map[string]bool{"spir64": true, "pocl_cpu": true, "intel_gpu_tgllp": true, "nvidia_gpu_sm_90": true}
		if !tgt[targetName] {
			targetName = "spir64"
		}
		dir := t.TempDir()
		tab := filepath.Join(dir, "t.table")
		if err := os.WriteFile(tab, []byte(table), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"a.ll", "a.sym", "a.prop"} {
			os.WriteFile(filepath.Join(dir, f), []byte(""), 0o644)
		}
		var out bytes.Buffer
		img := filepath.Join(dir, "img")
		err := Compile(&cli.Env{Stdout: &out, Stderr: &out}, tab, target(t, targetName), tools, img, true)
		if err != nil {
			if !strings.HasPrefix(err.Error(), tab) {
				t.Fatalf("error does not name the table: %v", err)
			}
			return
		}
		for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			fields, ok := shellWords(line)
			if !ok {
				t.Fatalf("a command the shell cannot read back: %q", line)
			}
			for i, a := range fields {
				if i == 0 || strings.HasPrefix(a, "-") {
					continue // the tool, and its own options
				}
				if !strings.HasPrefix(a, "/") {
					continue
				}
				// A file argument lies strictly inside the table's directory ("..0" is a
				// file name; ".." as a component would climb).
				if rel, err := filepath.Rel(dir, a); err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, "../") {
					t.Fatalf("a path outside the table's directory: %q in %q", a, line)
				}
			}
		}
	})
}

// shellWords splits a line as a POSIX shell does for the words shellCommand writes:
// blanks separate words, single quotes keep everything up to the next quote.
func shellWords(line string) ([]string, bool) {
	var words []string
	var w strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quoted && c == '\'':
			quoted = false
		case quoted:
			w.WriteByte(c)
		case c == '\'':
			quoted, inWord = true, true
		case c == '\\' && i+1 < len(line):
			i++
			w.WriteByte(line[i])
			inWord = true
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, !quoted
}

// TestShellCommand: the dry run's command lines read back, by /bin/sh itself, as the words
// they were made of: spaces, quotes, an empty word, a leading dash, non-ASCII.
func TestShellCommand(t *testing.T) {
	args := []string{"-o", "dir/a b.spv", "it's", "", "$HOME", "a\"b", "x;y", "ünï", "-options", "-cl-a -cl-b", "plain/path_1.ll"}
	line := shellCommand("printf", append([]string{"%s\\n"}, args...))
	out, err := exec.Command("/bin/sh", "-c", line).Output()
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	if got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n"); !reflect.DeepEqual(got, args) {
		t.Errorf("sh read %q back as %q", line, got)
	}
	if words, ok := shellWords(line); !ok || !reflect.DeepEqual(words[2:], args) {
		t.Errorf("shellWords(%q) = %q", line, words)
	}
	if line := shellCommand("llc", []string{"-o", "out/img_1.spv", "in/a.ll", "x=y"}); line != "llc -o out/img_1.spv in/a.ll x=y" {
		t.Errorf("plain words were quoted: %s", line)
	}
	if line := shellCommand("bin/a=b", nil); line != "'bin/a=b'" {
		t.Errorf("a tool named like an assignment: %s", line)
	}
}

// FuzzForLLCSPIRV: any module text gives an error, or extensions and (where it changes
// the module) a text that still parses, with no undef or poison word left in a global
// initializer; the same input gives the same output; nothing panics.
func FuzzForLLCSPIRV(f *testing.F) {
	f.Add(undefGlobals)
	f.Add(indirectCall)
	f.Add(virtualSet)
	f.Add("@g = global [2 x i8] c\" undef\"\n")
	f.Add("define void @f() #0 {\n  ret void\n}\nattributes #0 = { \"indirectly-callable\"=\"s\" }\n")
	f.Fuzz(func(t *testing.T, src string) {
		fixed, exts, err := ForLLCSPIRV("f.ll", []byte(src))
		if err != nil {
			return
		}
		again, exts2, _ := ForLLCSPIRV("f.ll", []byte(src))
		if !bytes.Equal(fixed, again) || !reflect.DeepEqual(exts, exts2) {
			t.Fatalf("not deterministic")
		}
		if fixed == nil {
			return
		}
		m, err := llvmir.Parse("fixed.ll", fixed)
		if err != nil {
			t.Fatalf("the prepared module does not parse: %v\n%s", err, fixed)
		}
		for _, g := range m.Globals {
			if g.Kind == "global" || g.Kind == "constant" {
				if n := len(undefTokens(m.Src, g.Span.Start, g.Span.End)); n > 0 {
					t.Fatalf("global @%s keeps %d undef words:\n%s", g.Name, n, fixed)
				}
			}
		}
	})
}
