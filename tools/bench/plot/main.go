// Command benchplot turns the benchmark tables (TSV, written by tools/bench/*.sh) into
// SVG bar charts for docs/PERFORMANCE.md. Output is deterministic: same tables, same
// bytes.
//
//	benchplot -dir docs/perf
//
// reads whole_build{,_intel,_large}.tsv, workers.tsv, scaling.tsv and stages.tsv from dir
// (those that exist) and writes whole_build{,_intel,_large}.svg, their reruns plots,
// workers.svg, scaling.svg and stages.svg.
package main

import (
	"encoding/csv"
	"flag"
	"fmt"
	"html"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

type bar struct {
	label string
	value float64
	color string
	note  string // printed after the value
}

const (
	blue  = "#3b6fb6"
	grey  = "#9a9a9a"
	green = "#3a9a5b"
	amber = "#c8842a"
)

// charWidth over-estimates the advance of one character of the 13 px sans-serif the
// charts use (DejaVu Sans averages about 7.3 px for these labels), so that the margins
// computed from it always hold the labels; //tools/bench/plot:plots_fit_test measures
// the rendered text in a browser.
const charWidth = 8.0

func textWidth(s string) int { return int(float64(len([]rune(s)))*charWidth + 0.5) }

// chart draws horizontal bars, one per row, scaled to the largest value. The left
// margin holds the longest label, the right one the longest value text after the
// longest bar, and the width the title.
func chart(title, unit string, bars []bar) string {
	const span, rowH, top, pad = 400, 26, 44, 16
	h := top + rowH*len(bars) + 16
	max := 0.0
	for _, b := range bars {
		if b.value > max {
			max = b.value
		}
	}
	if max == 0 {
		max = 1
	}
	texts := make([]string, len(bars))
	left, right := 0, 0
	for i, b := range bars {
		val := strconv.FormatFloat(b.value, 'f', -1, 64)
		if b.value != float64(int64(b.value)) {
			digits := 2
			if b.value < 0.1 {
				digits = 3 // 0.016, not 0.02
			}
			val = strconv.FormatFloat(b.value, 'f', digits, 64)
		}
		text := val + " " + unit
		if b.note != "" {
			text += " " + b.note
		}
		texts[i] = strings.TrimSpace(text)
		if w := textWidth(b.label); w > left {
			left = w
		}
		// A value's text starts 6 px after its bar's end: the longest bar leaves the least room.
		if w := textWidth(texts[i]) - int(float64(span)*(1-b.value/max)); w > right {
			right = w
		}
	}
	left += pad + 8
	right += pad + 6
	width := left + span + right
	if tw := int(float64(len([]rune(title)))*charWidth*15/13) + 2*pad; tw > width {
		width = tw
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, sans-serif" font-size="13">`+"\n", width, h, width, h)
	fmt.Fprintf(&sb, `<rect width="%d" height="%d" fill="white"/>`+"\n", width, h)
	fmt.Fprintf(&sb, `<text x="%d" y="24" font-size="15" font-weight="bold">%s</text>`+"\n", pad, html.EscapeString(title))
	for i, b := range bars {
		y := top + i*rowH
		w := b.value / max * span
		fmt.Fprintf(&sb, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", left-8, y+16, html.EscapeString(b.label))
		fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>`+"\n", left, y+3, w, rowH-8, b.color)
		fmt.Fprintf(&sb, `<text x="%.1f" y="%d">%s</text>`+"\n", float64(left)+w+6, y+16, html.EscapeString(texts[i]))
	}
	sb.WriteString("</svg>\n")
	return sb.String()
}

// readTSV returns the rows of dir/name as maps from the header's column names.
func readTSV(dir, name string) ([]map[string]string, error) {
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comma = '\t'
	recs, err := r.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(recs) < 2 {
		return nil, fmt.Errorf("%s: no rows", name)
	}
	var rows []map[string]string
	for _, rec := range recs[1:] {
		m := map[string]string{}
		for i, col := range recs[0] {
			if i < len(rec) {
				m[col] = rec[i]
			}
		}
		rows = append(rows, m)
	}
	return rows, nil
}

func num(s string) float64 {
	v, _ := strconv.ParseFloat(s, 64)
	return v
}

func write(dir, name, svg string) error {
	tmp := filepath.Join(dir, "."+name+".tmp")
	if err := os.WriteFile(tmp, []byte(svg), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, name))
}

// wholeBuild draws NAME.svg (wall time per scenario) and, for the default run,
// reruns.svg (what an edit runs again) from NAME.tsv, when it exists.
func wholeBuild(dir, name, title string, aot int, log io.Writer) error {
	rows, err := readTSV(dir, name+".tsv")
	if err != nil {
		return nil
	}
	var bars, reruns []bar
	for _, r := range rows {
		c := blue
		switch r["pipeline"] {
		case "mono":
			c = grey
		case "cmake":
			c = amber
		}
		bars = append(bars, bar{r["scenario"] + ": " + r["pipeline"], num(r["seconds"]), c, ""})
		if r["scenario"] == "edit" {
			switch r["pipeline"] {
			case "modular":
				reruns = append(reruns,
					bar{"rules_sycl: actions run", num(r["actions"]), blue, ""},
					bar{"rules_sycl: AOT actions run", num(r["aot_actions"]), green, fmt.Sprintf("of %d", aot)})
			case "cmake":
				reruns = append(reruns, bar{"CMake-like: actions run", num(r["actions"]), amber, fmt.Sprintf("(its link action redoes all %d AOT jobs)", aot)})
			default:
				reruns = append(reruns, bar{"one action: actions run", num(r["actions"]), grey, fmt.Sprintf("(its one action redoes all %d AOT jobs)", aot)})
			}
		}
	}
	if err := write(dir, name+".svg", chart("Whole build, "+title+": wall time (rules_sycl blue, CMake-like amber, one action grey)", "s", bars)); err != nil {
		return err
	}
	rerunsName := "reruns.svg"
	if name != "whole_build" {
		rerunsName = name + "_reruns.svg"
	}
	if err := write(dir, rerunsName, chart("After editing one kernel ("+title+"): what runs again", "", reruns)); err != nil {
		return err
	}
	fmt.Fprintf(log, "wrote %s.svg, %s\n", name, rerunsName)
	return nil
}

func run(dir string, log io.Writer) error {
	for _, w := range []struct {
		name, title string
		aot         int
	}{
		{"whole_build", "64 kernels x 3 targets", 24},
		{"whole_build_intel", "64 kernels x 5 targets, tgllp and pvc by the real ocloc", 40},
		{"whole_build_large", "256 kernels in 64 TUs x 5 targets", 40},
	} {
		if err := wholeBuild(dir, w.name, w.title, w.aot, log); err != nil {
			return err
		}
	}
	if rows, err := readTSV(dir, "workers.tsv"); err == nil {
		var bars []bar
		for _, r := range rows {
			c := blue
			if strings.HasPrefix(r["scenario"], "without") {
				c = grey
			}
			bars = append(bars, bar{r["scenario"], num(r["seconds"]), c, ""})
		}
		if err := write(dir, "workers.svg", chart("201 small sycl-device actions: persistent workers vs a process each", "s", bars)); err != nil {
			return err
		}
		fmt.Fprintln(log, "wrote workers.svg")
	}
	if rows, err := readTSV(dir, "scaling.tsv"); err == nil {
		var acts, secs []bar
		for _, r := range rows {
			label := fmt.Sprintf("%s binaries, %s kernels each", r["binaries"], r["kernels_per_binary"])
			acts = append(acts, bar{label, num(r["actions"]), blue, "(" + r["actions_per_binary"] + " per binary)"})
			secs = append(secs, bar{label, num(r["analysis_seconds"]), green, ""})
		}
		svg := chart("Actions per build: linear in binaries, flat in kernels", "actions", acts)
		if err := write(dir, "scaling.svg", svg); err != nil {
			return err
		}
		if err := write(dir, "analysis.svg", chart("Analysis time (bazel build --nobuild)", "s", secs)); err != nil {
			return err
		}
		fmt.Fprintln(log, "wrote scaling.svg, analysis.svg")
	}
	if rows, err := readTSV(dir, "stages.tsv"); err == nil {
		var bars []bar
		for _, r := range rows {
			bars = append(bars, bar{r["stage"], num(r["ratio"]), green, "x the LLVM tool (" + r["ours_s"] + " s vs " + r["llvm_s"] + " s)"})
		}
		if err := write(dir, "stages.svg", chart("Per-stage wall time as a fraction of the LLVM tool's", "", bars)); err != nil {
			return err
		}
		fmt.Fprintln(log, "wrote stages.svg")
	}
	return nil
}

func main() {
	dir := flag.String("dir", "docs/perf", "directory of the TSV tables; the SVGs go there too")
	flag.Parse()
	if err := run(*dir, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "benchplot:", err)
		os.Exit(1)
	}
}
