package devconfig

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// YAML renders the configuration in the file format, one target after another.
func (c *Config) YAML() []byte {
	var b bytes.Buffer
	b.WriteString("# Device configuration (" + c.File + "); see `sycl-device devices --help`.\n")
	list := func(items []string) string { return "[" + strings.Join(items, ", ") + "]" }
	// Options are free text: each is written as a YAML double-quoted string (JSON's
	// syntax), so that commas, '#', ']' or quotes read back as they were.
	quoted := func(items []string) string {
		q := make([]string, len(items))
		for i, it := range items {
			b, _ := json.Marshal(it)
			q[i] = string(b)
		}
		return list(q)
	}
	for _, t := range c.Targets {
		b.WriteString("\n" + t.Name + ":\n")
		b.WriteString("  aspects: " + list(t.Aspects) + "\n")
		b.WriteString("  sub-group-sizes: [" + JoinInts(t.SubGroupSizes, ", ") + "]\n")
		if t.MaySupportOther {
			b.WriteString("  may-support-other-aspects: true\n")
		}
		b.WriteString("  triple: " + t.Triple + "\n")
		if t.AOT.Tool != "" {
			b.WriteString("  aot:\n    tool: " + t.AOT.Tool + "\n")
			if len(t.AOT.Options) > 0 {
				b.WriteString("    options: " + quoted(t.AOT.Options) + "\n")
			}
		}
		if len(t.Aliases) > 0 {
			b.WriteString("  aliases: " + list(t.Aliases) + "\n")
		}
	}
	return b.Bytes()
}

// JoinInts formats v as decimal numbers separated by sep.
func JoinInts(v []int, sep string) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, sep)
}
