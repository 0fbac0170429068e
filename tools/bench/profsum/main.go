// Command profsum says what a Bazel build spent its action time on, from the build's
// --profile (Chrome trace JSON, gzipped or not): the actions' time summed per kind of
// action, and the critical path.
//
//	profsum build.profile.gz
//	actions 212 busy_s=402.1
//	kind=Compiling SYCL device code n=130 s=301.2 share=0.749
//	kind=Compiling the images of [ocloc] n=16 s=40.3 share=0.100
//	critical_path_s=12.4 top=Compiling SYCL host code gen/tu_07.cpp (4.1 s)
//
// An action's kind is its progress message up to its first word that names a path or a
// label (one with a '/'), followed, where the message ends in a parenthesised list, by
// that list's last item in brackets: the tool of an AOT compile (ocloc, llc). Kinds are
// printed longest first.
package main

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

type event struct {
	Cat  string  `json:"cat"`
	Name string  `json:"name"`
	Ph   string  `json:"ph"`
	Dur  float64 `json:"dur"` // microseconds
}

type trace struct {
	TraceEvents []event `json:"traceEvents"`
}

// kind is an action's kind from its progress message (see the package comment).
func kind(msg string) string {
	words := strings.Fields(msg)
	var k []string
	for _, w := range words {
		if strings.Contains(w, "/") {
			break
		}
		k = append(k, w)
	}
	s := strings.Join(k, " ")
	if strings.HasSuffix(msg, ")") {
		if open := strings.LastIndex(msg, "("); open >= 0 {
			items := strings.Split(msg[open+1:len(msg)-1], ", ")
			if len(items) > 1 {
				s += " [" + strings.TrimSpace(items[len(items)-1]) + "]"
			}
		}
	}
	if s == "" {
		return msg
	}
	return s
}

type sum struct {
	kind string
	n    int
	us   float64
}

func summarise(t trace, w io.Writer) error {
	by := map[string]*sum{}
	total, count := 0.0, 0
	cp, cpTop, cpTopUs := 0.0, "", 0.0
	for _, e := range t.TraceEvents {
		switch e.Cat {
		case "action processing":
			k := kind(e.Name)
			s := by[k]
			if s == nil {
				s = &sum{kind: k}
				by[k] = s
			}
			s.n++
			s.us += e.Dur
			total += e.Dur
			count++
		case "critical path component":
			cp += e.Dur
			if e.Dur > cpTopUs {
				cpTop, cpTopUs = e.Name, e.Dur
			}
		}
	}
	if count == 0 {
		return fmt.Errorf("no action in the profile (was it written by --profile of a build that ran actions?)")
	}
	list := make([]*sum, 0, len(by))
	for _, s := range by {
		list = append(list, s)
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].us != list[j].us {
			return list[i].us > list[j].us
		}
		return list[i].kind < list[j].kind
	})
	fmt.Fprintf(w, "actions %d busy_s=%.1f\n", count, total/1e6)
	for _, s := range list {
		fmt.Fprintf(w, "kind=%s n=%d s=%.1f share=%.3f\n", s.kind, s.n, s.us/1e6, s.us/total)
	}
	if cpTop != "" {
		fmt.Fprintf(w, "critical_path_s=%.1f top=%s (%.1f s)\n", cp/1e6, strings.TrimPrefix(cpTop, "action "), cpTopUs/1e6)
	}
	return nil
}

func read(path string) (trace, error) {
	var t trace
	f, err := os.Open(path)
	if err != nil {
		return t, err
	}
	defer f.Close()
	br := bufio.NewReader(f)
	var r io.Reader = br
	if magic, err := br.Peek(2); err == nil && magic[0] == 0x1f && magic[1] == 0x8b {
		gz, err := gzip.NewReader(br)
		if err != nil {
			return t, fmt.Errorf("%s: %v", path, err)
		}
		r = gz
	}
	if err := json.NewDecoder(r).Decode(&t); err != nil {
		return t, fmt.Errorf("%s: not a Bazel profile: %v", path, err)
	}
	return t, nil
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: profsum PROFILE")
		os.Exit(2)
	}
	t, err := read(os.Args[1])
	if err == nil {
		err = summarise(t, os.Stdout)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "profsum:", err)
		os.Exit(1)
	}
}
