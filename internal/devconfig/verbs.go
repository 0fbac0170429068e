package devconfig

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/rules-sycl/rules_sycl/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/filetable"
	"github.com/rules-sycl/rules_sycl/internal/props"
)

// FilterVerb is `sycl-device aspect-filter`, the design document's aspect filter tool.
func FilterVerb() *cli.Verb {
	var target, cfgFile, out string
	var allowOutside, dpcpp bool
	return &cli.Verb{
		Name:    "aspect-filter",
		Aliases: []string{"sycl-aspect-filter"},
		Summary: "keep the file-table rows a target can run (design document's aspect filter)",
		Usage:   "aspect-filter -target=T [-device-config-file=F] -o OUT IN",
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&target, "target", "", "target (or alias) to filter for")
			fs.StringVar(&cfgFile, "device-config-file", "", "device configuration YAML (default: built-in)")
			fs.StringVar(&out, "o", "", "output table")
			fs.BoolVar(&allowOutside, "allow-outside-paths", false, "accept absolute cells and cells leaving the table's directory")
			fs.BoolVar(&dpcpp, "dpcpp", false, "DPC++'s folded check instead of the design document's: a target that may support other aspects keeps images needing unlisted aspects (generic spir64 JIT images), ESIMD images skip the sub-group check")
		},
		Run: func(env *cli.Env, fs *flag.FlagSet, args []string) error {
			if target == "" || out == "" || len(args) != 1 {
				return diag.Usagef("aspect-filter: need -target=T, -o OUT and one input table")
			}
			cfg, err := Load(cfgFile, os.ReadFile)
			if err != nil {
				return err
			}
			t, ok := cfg.Lookup(target)
			if !ok {
				return diag.Errorf(args[0], 0, "%v", cfg.UnknownTargetError(target))
			}
			mode := DesignDocument
			if dpcpp {
				mode = DPCPP
			}
			res, err := FilterMode(args[0], t, mode, allowOutside, out)
			if err != nil {
				return err
			}
			return atomicfile.WriteFile(out, res.Bytes(), 0o644)
		},
	}
}

// Filter applies the design document's algorithm to the table in file: without a
// Properties column the table is copied; otherwise a row is kept when it has no
// [SYCL/device requirements] set or t satisfies it (DesignDocument mode). Rows keep their
// order; cells are rewritten relative to the directory of outFile.
func Filter(file string, t *Target, allowOutside bool, outFile string) (*filetable.Table, error) {
	return FilterMode(file, t, DesignDocument, allowOutside, outFile)
}

// FilterMode is Filter with a choice of compatibility rule.
func FilterMode(file string, t *Target, mode Mode, allowOutside bool, outFile string) (*filetable.Table, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, diag.Errorf(file, 0, "cannot read: %v", err)
	}
	tab, err := filetable.Parse(file, data)
	if err != nil {
		return nil, err
	}
	pcol := tab.Column(filetable.Properties)
	res := &filetable.Table{Columns: tab.Columns, Titled: true}
	for i, row := range tab.Rows {
		line := tab.Lines[i]
		if pcol >= 0 {
			keep, err := rowFits(file, line, row[pcol], t, mode, allowOutside)
			if err != nil {
				return nil, err
			}
			if !keep {
				continue
			}
		}
		cells := make([]string, len(row))
		for c, cell := range row {
			moved, err := rebase(file, line, cell, outFile, allowOutside)
			if err != nil {
				return nil, err
			}
			cells[c] = moved
		}
		res.Add(cells...)
	}
	return res, nil
}

func rowFits(table string, line int, cell string, t *Target, mode Mode, allowOutside bool) (bool, error) {
	path, err := filetable.Resolve(table, line, cell, allowOutside)
	if err != nil {
		return false, err
	}
	pdata, err := os.ReadFile(path)
	if err != nil {
		return false, diag.Errorf(table, line, "cannot read properties %s: %v", cell, err)
	}
	reg, err := props.Parse(path, pdata)
	if err != nil {
		return false, err
	}
	ok, _ := t.Check(reg.Set(props.DeviceRequirements), mode)
	return ok, nil
}

// rebase makes a cell of table relative to the directory of out.
func rebase(table string, line int, cell, out string, allowOutside bool) (string, error) {
	path, err := filetable.Resolve(table, line, cell, allowOutside)
	if err != nil {
		return "", err
	}
	if filepath.IsAbs(cell) {
		return cell, nil
	}
	rel, err := filepath.Rel(filepath.Dir(out), path)
	if err != nil {
		return "", diag.Errorf(table, line, "cannot express %s relative to %s", cell, out)
	}
	if !allowOutside && (rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator))) {
		return "", diag.Errorf(table, line, "%s would leave the directory of the output table %s; write the output next to or above the input", cell, out)
	}
	return rel, nil
}

// DevicesVerb is `sycl-device devices`: print the effective configuration.
func DevicesVerb() *cli.Verb {
	var cfgFile, format string
	return &cli.Verb{
		Name:    "devices",
		Summary: "print the effective device configuration (a start for your own file)",
		Usage:   "devices [--device-config-file F] [--format=yaml|json|table|bzl]",
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&cfgFile, "device-config-file", "", "device configuration YAML (default: built-in)")
			fs.StringVar(&format, "format", "yaml", "output format: yaml, json, table or bzl (Starlark data for toolchain/devices.bzl)")
		},
		Run: func(env *cli.Env, fs *flag.FlagSet, args []string) error {
			if len(args) != 0 {
				return diag.Usagef("devices: unexpected argument %q", args[0])
			}
			cfg, err := Load(cfgFile, os.ReadFile)
			if err != nil {
				return err
			}
			switch format {
			case "yaml":
				_, err = env.Stdout.Write(cfg.YAML())
			case "json":
				var b []byte
				b, err = json.MarshalIndent(cfg.Targets, "", "  ")
				if err == nil {
					_, err = env.Stdout.Write(append(b, '\n'))
				}
			case "bzl":
				_, err = env.Stdout.Write(cfg.Starlark())
			case "table":
				w := tabwriter.NewWriter(env.Stdout, 0, 4, 2, ' ', 0)
				fmt.Fprintln(w, "TARGET\tTRIPLE\tSUB-GROUPS\tOTHER\tAOT\tASPECTS\tALIASES")
				for _, t := range cfg.Targets {
					fmt.Fprintf(w, "%s\t%s\t%s\t%v\t%s\t%s\t%s\n", t.Name, t.Triple, ints(t.SubGroupSizes),
						t.MaySupportOther, t.AOT.Tool, strings.Join(t.Aspects, ","), strings.Join(t.Aliases, ","))
				}
				err = w.Flush()
			default:
				return diag.Usagef("devices: --format must be yaml, json, table or bzl")
			}
			return err
		},
	}
}

func ints(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ",")
}

// YAML renders the configuration in the file format, one target after another.
func (c *Config) YAML() []byte {
	var b bytes.Buffer
	b.WriteString("# Device configuration (" + c.File + "); see `sycl-device devices --help`.\n")
	list := func(items []string) string { return "[" + strings.Join(items, ", ") + "]" }
	for _, t := range c.Targets {
		b.WriteString("\n" + t.Name + ":\n")
		b.WriteString("  aspects: " + list(t.Aspects) + "\n")
		b.WriteString("  sub-group-sizes: [" + strings.ReplaceAll(ints(t.SubGroupSizes), ",", ", ") + "]\n")
		if t.MaySupportOther {
			b.WriteString("  may-support-other-aspects: true\n")
		}
		b.WriteString("  triple: " + t.Triple + "\n")
		if t.AOT.Tool != "" {
			b.WriteString("  aot:\n    tool: " + t.AOT.Tool + "\n")
			if len(t.AOT.Options) > 0 {
				b.WriteString("    options: " + list(t.AOT.Options) + "\n")
			}
		}
		if len(t.Aliases) > 0 {
			b.WriteString("  aliases: " + list(t.Aliases) + "\n")
		}
	}
	return b.Bytes()
}

// Starlark renders the configuration as the Starlark data file toolchain/devices.bzl.
func (c *Config) Starlark() []byte {
	var b bytes.Buffer
	q := func(items []string) string {
		out := make([]string, len(items))
		for i, s := range items {
			out[i] = strconv.Quote(s)
		}
		return "[" + strings.Join(out, ", ") + "]"
	}
	b.WriteString("\"\"\"The built-in SYCL device configurations as Starlark data.\n\n")
	b.WriteString("Generated from internal/devconfig/devices.yaml by `sycl-device devices --format=bzl`;\n")
	b.WriteString("do not edit. A Go test fails when this file and the YAML differ.\n\"\"\"\n\n")
	b.WriteString("DEVICES = {\n")
	for _, t := range c.Targets {
		b.WriteString("    " + strconv.Quote(t.Name) + ": {\n")
		b.WriteString("        \"aspects\": " + q(t.Aspects) + ",\n")
		sg := make([]string, len(t.SubGroupSizes))
		for i, v := range t.SubGroupSizes {
			sg[i] = strconv.Itoa(v)
		}
		b.WriteString("        \"sub_group_sizes\": [" + strings.Join(sg, ", ") + "],\n")
		if t.MaySupportOther {
			b.WriteString("        \"may_support_other_aspects\": True,\n")
		} else {
			b.WriteString("        \"may_support_other_aspects\": False,\n")
		}
		b.WriteString("        \"triple\": " + strconv.Quote(t.Triple) + ",\n")
		b.WriteString("        \"aot_tool\": " + strconv.Quote(t.AOT.Tool) + ",\n")
		b.WriteString("        \"aot_options\": " + q(t.AOT.Options) + ",\n")
		b.WriteString("        \"aliases\": " + q(t.Aliases) + ",\n")
		b.WriteString("    },\n")
	}
	b.WriteString("}\n\n")
	b.WriteString("# The device triple families a target may name.\n")
	b.WriteString("TRIPLES = " + q(Triples) + "\n\n")
	b.WriteString("# Per AOT tool: the image extension, and the descriptor's format and target.\n")
	b.WriteString("AOT_TOOLS = {\n")
	for _, t := range AOTTools {
		fmt.Fprintf(&b, "    %s: {\"ext\": %s, \"format\": %s, \"wrap_target\": %s},\n",
			strconv.Quote(t.Name), strconv.Quote(t.Ext), strconv.Quote(t.Format), strconv.Quote(t.WrapTarget))
	}
	b.WriteString("}\n")
	return b.Bytes()
}
