// Command doclinks checks the links of Markdown files: every relative link (and image)
// must name a file or directory of the checkout, inside it, and a link to a heading of a
// Markdown file must name one of its headings.
//
//	doclinks FILE.md...
//
// Links with a scheme (https:, mailto:) and in-page anchors of other kinds are not
// checked. Findings are printed as FILE:LINE: message; the exit status is 1 when there is
// one, 2 when a file cannot be read.
package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// link matches [text](target) and ![alt](target); the target ends at a space or ")".
var link = regexp.MustCompile(`!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)

// Finding is one broken link.
type Finding struct {
	File    string
	Line    int
	Message string
}

func (f Finding) String() string { return fmt.Sprintf("%s:%d: %s", f.File, f.Line, f.Message) }

// Check checks the links of one Markdown file, src, at path name, against the checkout
// at root (name is relative to it).
func Check(root, name string, src []byte) []Finding {
	var out []Finding
	fence := false
	for i, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fence = !fence
			continue
		}
		if fence {
			continue
		}
		for _, m := range link.FindAllStringSubmatch(stripCode(line), -1) {
			if msg := checkTarget(root, name, m[1]); msg != "" {
				out = append(out, Finding{name, i + 1, msg})
			}
		}
	}
	return out
}

// stripCode removes inline code spans, whose brackets are not links.
func stripCode(line string) string {
	parts := strings.Split(line, "`")
	for i := 1; i < len(parts); i += 2 {
		parts[i] = ""
	}
	return strings.Join(parts, "")
}

func checkTarget(root, name, target string) string {
	if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") || strings.HasPrefix(target, "#") {
		return ""
	}
	file, anchor, _ := strings.Cut(target, "#")
	rel := filepath.Clean(filepath.Join(filepath.Dir(name), file))
	if strings.HasPrefix(file, "/") || rel == ".." || strings.HasPrefix(rel, "../") {
		return fmt.Sprintf("link %s leaves the repository: a reader of the checkout lacks it", target)
	}
	st, err := os.Stat(filepath.Join(root, rel))
	if err != nil {
		return fmt.Sprintf("link %s: no such file (%s)", target, rel)
	}
	if anchor == "" || st.IsDir() || !strings.HasSuffix(rel, ".md") {
		return ""
	}
	data, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		return fmt.Sprintf("link %s: cannot read %s: %v", target, rel, err)
	}
	for _, h := range headings(data) {
		if h == anchor {
			return ""
		}
	}
	return fmt.Sprintf("link %s: %s has no heading #%s", target, rel, anchor)
}

// headings are the anchors of a Markdown file's headings, as GitHub writes them: lower
// case, spaces to '-', punctuation but '-' and '_' dropped.
func headings(src []byte) []string {
	var out []string
	fence := false
	for _, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fence = !fence
		}
		if fence || !strings.HasPrefix(line, "#") {
			continue
		}
		text := strings.ToLower(strings.TrimSpace(strings.TrimLeft(line, "#")))
		var b strings.Builder
		for _, r := range text {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r > 127:
				b.WriteRune(r)
			}
		}
		out = append(out, b.String())
	}
	return out
}

func run(args []string, stdout, stderr io.Writer) int {
	n := 0
	for _, name := range args {
		src, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintf(stderr, "doclinks: %v\n", err)
			return 2
		}
		for _, f := range Check(".", name, src) {
			fmt.Fprintln(stdout, f)
			n++
		}
	}
	if n > 0 {
		fmt.Fprintf(stderr, "doclinks: %d broken links\n", n)
		return 1
	}
	return 0
}

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }
