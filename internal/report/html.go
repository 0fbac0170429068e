package report

import (
	"bytes"
	"fmt"
	"html/template"
	"strings"
	"sync"
)

// The page: one table, kernels × targets, a summary row per target; inline CSS only.
// Hovering a cell (its title) shows the image names, sizes and requirements. It is
// parsed when a report is first written, not when sycl-device starts (1.4 ms of every
// action's start otherwise).
var (
	pageOnce sync.Once
	page     *template.Template
)

func reportPage() *template.Template {
	pageOnce.Do(func() { page = parsePage() })
	return page
}

func parsePage() *template.Template {
	return template.Must(template.New("report").Funcs(template.FuncMap{
		"size":  humanSize,
		"hover": hover,
		"pct": func(n, d int) int {
			if d == 0 {
				return 0
			}
			return n * 100 / d
		},
	}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>SYCL kernel compatibility: {{.Title}}</title>
<style>
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 14px; margin: 24px; color: #1d2330; }
h1 { font-size: 20px; margin: 0 0 4px 0; }
p.sub { margin: 0 0 16px 0; color: #555; }
table { border-collapse: collapse; }
th, td { border: 1px solid #c9ced8; padding: 6px 10px; text-align: left; vertical-align: top; }
thead th { background: #eef1f6; position: sticky; top: 0; }
th.target .tool { display: block; font-weight: normal; color: #555; font-size: 12px; }
th.kernel { font-weight: normal; white-space: nowrap; }
th.kernel .loc { display: block; color: #555; font-size: 11px; }
th.kernel .sym { display: block; color: #777; font-size: 11px; font-family: "DejaVu Sans Mono", monospace; }
td.ok { background: #e3f4e6; }
td.jit { background: #e5eefb; }
td.none { background: #fbe6e4; }
td .img { display: block; font-family: "DejaVu Sans Mono", monospace; font-size: 11px; color: #444; }
tfoot td { background: #f6f7f9; font-size: 12px; }
.legend span { display: inline-block; padding: 2px 8px; margin-right: 8px; border: 1px solid #c9ced8; }
</style>
</head>
<body>
<h1>SYCL kernel compatibility: {{.Title}}</h1>
<p class="sub">{{len .Kernels}} kernels × {{len .Targets}} targets. Hover a cell for its images' names, sizes and requirements.</p>
<p class="legend"><span class="ok" style="background:#e3f4e6">image (AOT)</span><span style="background:#e5eefb">image (JIT: the runtime checks the device)</span><span style="background:#fbe6e4">no image: why</span></p>
<table id="compat">
<thead>
<tr><th>kernel</th>{{range .Targets}}<th class="target">{{.Name}}<span class="tool">image: {{.Image}} ({{if .JIT}}JIT{{else}}{{.Tool}}{{end}})</span></th>{{end}}</tr>
</thead>
<tbody>
{{range $i, $k := .Kernels}}<tr class="kernel"><th class="kernel">{{$k.Name}}{{if $k.Location}}<span class="loc">{{$k.Location}}</span>{{end}}<span class="sym">{{$k.Symbol}}</span></th>
{{- range $j, $c := index $.Cells $i}}{{$t := index $.Targets $j}}
{{- if $c.Images}}<td class="{{if $t.JIT}}jit{{else}}ok{{end}}" title="{{hover $c}}">{{if $t.JIT}}JIT image{{else}}image{{end}}{{if gt (len $c.Images) 1}}s ({{len $c.Images}} variants){{end}}{{range $c.Images}}<span class="img">{{.Name}} · {{size .Size}}</span>{{end}}</td>
{{- else}}<td class="none" title="{{$c.Reason}}">{{$c.Reason}}</td>{{end}}
{{- end}}</tr>
{{end}}</tbody>
<tfoot>
<tr class="summary"><th>summary</th>{{range .Targets}}<td class="summary">{{.Covered}}/{{len $.Kernels}} kernels ({{pct .Covered (len $.Kernels)}}%)<br>{{.Images}} images, {{size .Bytes}}</td>{{end}}</tr>
</tfoot>
</table>
</body>
</html>
`))
}

// HTML renders the report.
func (r *Report) HTML() ([]byte, error) {
	var b bytes.Buffer
	if err := reportPage().Execute(&b, r); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func hover(c Cell) string {
	var lines []string
	for _, im := range c.Images {
		lines = append(lines, fmt.Sprintf("%s (%s): %s", im.Name, humanSize(im.Size), im.Requirements()))
	}
	return strings.Join(lines, "\n")
}

func humanSize(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
