// Package devconfig reads device configurations: for every target (intel_gpu_pvc,
// nvidia_gpu_sm_90, ...) the aspects it supports, its sub-group sizes, whether it may
// support aspects not listed, its device triple family, its AOT tool and options, and
// its alias names. The format is the specification's YAML (top-level key = target;
// aspects: names or numbers; sub-group-sizes:) with rules_sycl's optional keys.
// A built-in default with DPC++'s real targets is embedded (devices.yaml).
package devconfig

import (
	"bytes"
	_ "embed" // the built-in configuration
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	"github.com/rules-sycl/rules_sycl/internal/aspects"
	"github.com/rules-sycl/rules_sycl/internal/diag"
)

//go:embed devices.yaml
var builtinYAML []byte

// Limits against hostile input.
const (
	MaxFileSize = 4 << 20
	MaxTargets  = 4096
	MaxListLen  = 1024
)

// Unsupported are target names DPC++ knows and rules_sycl cannot build, with the reason:
// the rules refuse them at analysis, naming the reason, and so does the YAML reader.
var Unsupported = map[string]string{
	"spir64_fpga": "Intel FPGA targets need Intel's FPGA compiler (aoc) and Quartus, which rules_sycl does not drive (and oneAPI's DPC++ compiler no longer supports FPGAs)",
}

// PlatformLacks are OpenCL platforms that report an optional feature they cannot run for
// rules_sycl's images, by the platform name they report, with the aspects to take away.
// PoCL reports 64-bit atomics, but its SPIR path cannot build them on generic pointers
// (pocl_cpu in devices.yaml has no atomic64; a test keeps the two in step). The test
// runtime reads this table (runtime/sycl_tables.h).
var PlatformLacks = []struct {
	Platform, Target string
	Aspects          []string
}{
	{Platform: "Portable Computing Language", Target: "pocl_cpu", Aspects: []string{"atomic64"}},
}

// FileOptions are the options of each AOT tool that name its inputs or outputs: the aot
// step sets those itself, inside its output directory, so a configuration may not (an
// "-output ../x" would write outside it).
var FileOptions = map[string][]string{
	"ocloc":      {"-file", "-output", "-out_dir", "-options_file", "-internal_options_file", "-output_no_suffix", "-spirv_input"},
	"opencl-aot": {"-o", "--o", "-ir", "--ir", "-spv", "--spv"},
	"llvm-spirv": {"-o", "--o"},
}

// fileOption returns the first option of opts that names a file for tool, or "".
func fileOption(tool string, opts []string) string {
	for _, o := range opts {
		for _, bad := range FileOptions[tool] {
			if o == bad || strings.HasPrefix(o, bad+"=") {
				return o
			}
		}
	}
	return ""
}

// AOT names the ahead-of-time compiler of a target.
type AOT struct {
	Tool    string   `json:"tool,omitempty"`
	Options []string `json:"options,omitempty"`
}

// Target is one device configuration.
type Target struct {
	Name            string   `json:"name"`
	Aspects         []string `json:"aspects"`
	AspectValues    []int    `json:"-"`
	SubGroupSizes   []int    `json:"sub_group_sizes"`
	MaySupportOther bool     `json:"may_support_other_aspects"`
	Triple          string   `json:"triple"`
	AOT             AOT      `json:"aot"`
	Aliases         []string `json:"aliases,omitempty"`
	Line            int      `json:"-"`
}

// Config is a set of targets.
type Config struct {
	File    string
	Targets []*Target // file order
	byName  map[string]*Target
}

var (
	defaultOnce sync.Once
	defaultCfg  *Config
)

// Default returns the embedded configuration (parsed once; do not modify it).
func Default() *Config {
	defaultOnce.Do(func() {
		c, err := Parse("<builtin devices.yaml>", builtinYAML)
		if err != nil {
			panic("devconfig: the built-in configuration is invalid: " + err.Error())
		}
		defaultCfg = c
	})
	return defaultCfg
}

// ReadFile reads a configuration file, at most MaxFileSize+1 bytes of it: a device or an
// endless file (/dev/zero) is cut off there and refused by Load, not read into memory.
func ReadFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, MaxFileSize+1))
}

// Load returns the configuration in file, or the default for "".
func Load(file string, read func(string) ([]byte, error)) (*Config, error) {
	if file == "" {
		return Default(), nil
	}
	data, err := read(file)
	if err != nil {
		return nil, diag.Errorf(file, 0, "cannot read device configuration: %v", err)
	}
	if len(data) > MaxFileSize {
		return nil, diag.Errorf(file, 0, "device configuration larger than %d bytes", MaxFileSize)
	}
	key := file + "\x00" + string(data)
	if c, ok := loaded.get(key); ok {
		return c, nil
	}
	c, err := Parse(file, data)
	if err == nil {
		loaded.put(key, c)
	}
	return c, err
}

// loaded keeps parsed configurations for a persistent worker, keyed by file name and
// content (the name appears in messages), so a changed file is parsed again. Configs
// are read-only once parsed. The cache holds a few entries: a build has one or two.
var loaded = &configCache{m: map[string]*Config{}}

type configCache struct {
	mu sync.Mutex
	m  map[string]*Config
}

func (c *configCache) get(key string) (*Config, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	cfg, ok := c.m[key]
	return cfg, ok
}

func (c *configCache) put(key string, cfg *Config) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= 16 {
		c.m = map[string]*Config{}
	}
	c.m[key] = cfg
}

// Lookup finds a target by name or alias.
func (c *Config) Lookup(name string) (*Target, bool) {
	t, ok := c.byName[name]
	return t, ok
}

// Names returns the target names (not aliases), sorted.
func (c *Config) Names() []string {
	out := make([]string, len(c.Targets))
	for i, t := range c.Targets {
		out[i] = t.Name
	}
	sort.Strings(out)
	return out
}

// UnknownTargetError is the error for a target nobody configured.
type UnknownTargetError struct {
	Name  string
	Known []string // sorted
}

func (e *UnknownTargetError) Error() string {
	return fmt.Sprintf("unknown target %q; known targets: %s", e.Name, strings.Join(e.Known, ", "))
}

// UnknownTargetError returns the error for name, which c does not configure.
func (c *Config) UnknownTargetError(name string) error {
	return &UnknownTargetError{Name: name, Known: c.Names()}
}

// LoadTargets reads the configuration file (the built-in one when file is "") and looks
// up each name (or alias). An unknown name gives an *UnknownTargetError.
func LoadTargets(file string, names ...string) ([]*Target, error) {
	cfg, err := Load(file, ReadFile)
	if err != nil {
		return nil, err
	}
	out := make([]*Target, len(names))
	for i, n := range names {
		t, ok := cfg.Lookup(n)
		if !ok {
			return nil, cfg.UnknownTargetError(n)
		}
		out[i] = t
	}
	return out, nil
}

// VerbError makes an *UnknownTargetError a usage error of verb; other errors pass.
func VerbError(verb string, err error) error {
	var u *UnknownTargetError
	if errors.As(err, &u) {
		return diag.Usagef("%s: %v", verb, u)
	}
	return err
}

var knownKeys = map[string]bool{
	"aspects": true, "sub-group-sizes": true, "may-support-other-aspects": true,
	"triple": true, "aot": true, "aliases": true,
}

// Parse reads a configuration; file names it in errors.
func Parse(file string, data []byte) (*Config, error) {
	if len(data) > MaxFileSize {
		return nil, diag.Errorf(file, 0, "device configuration larger than %d bytes", MaxFileSize)
	}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil && err != io.EOF {
		return nil, yamlError(file, err, data)
	}
	// One document: a second one (even a valid one) would be ignored silently.
	var extra yaml.Node
	if err := dec.Decode(&extra); err != io.EOF {
		line := extra.Line
		if err != nil {
			return nil, yamlError(file, err, data)
		}
		return nil, diag.Errorf(file, line, "a second YAML document; a device configuration is one document")
	}
	c := &Config{File: file, byName: map[string]*Target{}}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, diag.Errorf(file, 1, "empty device configuration")
	}
	if err := checkNoAliases(file, &doc, 0); err != nil {
		return nil, err
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, diag.Errorf(file, root.Line, "expected a mapping of target names")
	}
	if len(root.Content) == 0 {
		// `{}` holds no targets, like an empty file (found by FuzzParse: the printed
		// form of an empty mapping is an empty file, which did not read back).
		return nil, diag.Errorf(file, root.Line, "empty device configuration")
	}
	table := aspects.Builtin()
	if len(root.Content)/2 > MaxTargets {
		return nil, diag.Errorf(file, root.Line, "more than %d targets", MaxTargets)
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		t, err := parseTarget(file, k, v, table)
		if err != nil {
			return nil, err
		}
		for _, n := range append([]string{t.Name}, t.Aliases...) {
			if old, dup := c.byName[n]; dup {
				return nil, diag.Errorf(file, k.Line, "duplicate target or alias %q (first at line %d)", n, old.Line)
			}
			c.byName[n] = t
		}
		c.Targets = append(c.Targets, t)
	}
	return c, nil
}

func yamlError(file string, err error, data []byte) error {
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "yaml: ")
	// yaml.v3 says "line N: message".
	if strings.HasPrefix(msg, "line ") {
		rest := msg[len("line "):]
		if colon := strings.Index(rest, ":"); colon > 0 {
			if n, e := strconv.Atoi(rest[:colon]); e == nil {
				return diag.Errorf(file, n, "%s", strings.TrimSpace(rest[colon+1:]))
			}
		}
	}
	// Errors found at the end of the input carry no line: report the last line.
	last := strings.Count(string(data), "\n")
	if len(data) > 0 && data[len(data)-1] != '\n' {
		last++
	}
	if last < 1 {
		last = 1
	}
	return diag.Errorf(file, last, "%s (at the end of the file)", msg)
}

func checkNoAliases(file string, n *yaml.Node, depth int) error {
	if depth > 16 {
		return diag.Errorf(file, n.Line, "nesting deeper than 16 levels")
	}
	if n.Kind == yaml.AliasNode || n.Anchor != "" {
		return diag.Errorf(file, n.Line, "YAML anchors and aliases are not supported in device configurations")
	}
	for _, c := range n.Content {
		if err := checkNoAliases(file, c, depth+1); err != nil {
			return err
		}
	}
	return nil
}

func parseTarget(file string, k, v *yaml.Node, table *aspects.Table) (*Target, error) {
	if k.Kind != yaml.ScalarNode || k.Value == "" {
		return nil, diag.Errorf(file, k.Line, "target name must be a non-empty string")
	}
	t := &Target{Name: k.Value, Line: k.Line, Aspects: []string{}, SubGroupSizes: []int{}, Triple: "spir64"}
	if !validName(t.Name) {
		return nil, diag.Errorf(file, k.Line, "invalid target name %q (letters, digits and _ only, at most %d)", t.Name, MaxNameLen)
	}
	if why, ok := Unsupported[t.Name]; ok {
		return nil, diag.Errorf(file, k.Line, "target %s is not supported: %s", t.Name, why)
	}
	if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
		return t, nil
	}
	if v.Kind != yaml.MappingNode {
		return nil, diag.Errorf(file, v.Line, "target %s: expected a mapping", t.Name)
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(v.Content); i += 2 {
		key, val := v.Content[i], v.Content[i+1]
		if !knownKeys[key.Value] {
			return nil, diag.Errorf(file, key.Line, "target %s: unknown key %q (known: aspects, sub-group-sizes, may-support-other-aspects, triple, aot, aliases)", t.Name, key.Value)
		}
		if seen[key.Value] {
			return nil, diag.Errorf(file, key.Line, "target %s: duplicate key %q", t.Name, key.Value)
		}
		seen[key.Value] = true
		if err := parseTargetKey(file, t, key.Value, val, table); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// parseTargetKey reads the value of one key of target t.
func parseTargetKey(file string, t *Target, key string, val *yaml.Node, table *aspects.Table) error {
	switch key {
	case "aspects":
		items, err := scalarList(file, t.Name, key, val)
		if err != nil {
			return err
		}
		for _, it := range items {
			name, value, err := resolveAspect(table, it.Value)
			if err != nil {
				return diag.Errorf(file, it.Line, "target %s: %v", t.Name, err)
			}
			t.Aspects = append(t.Aspects, name)
			t.AspectValues = append(t.AspectValues, value)
		}
	case "sub-group-sizes":
		items, err := scalarList(file, t.Name, key, val)
		if err != nil {
			return err
		}
		for _, it := range items {
			n, err := strconv.ParseInt(it.Value, 10, 32) // a size the properties' uint32 holds
			if err != nil || n <= 0 {
				return diag.Errorf(file, it.Line, "target %s: sub-group size %q is not a positive number", t.Name, it.Value)
			}
			t.SubGroupSizes = append(t.SubGroupSizes, int(n))
		}
	case "may-support-other-aspects":
		if val.Kind != yaml.ScalarNode || (val.Value != "true" && val.Value != "false") {
			return diag.Errorf(file, val.Line, "target %s: may-support-other-aspects must be true or false", t.Name)
		}
		t.MaySupportOther = val.Value == "true"
	case "triple":
		if val.Kind != yaml.ScalarNode || !isTriple(val.Value) {
			return diag.Errorf(file, val.Line, "target %s: triple %q is not one of %s", t.Name, val.Value, strings.Join(Triples, ", "))
		}
		t.Triple = val.Value
	case "aot":
		return parseAOT(file, t, val)
	case "aliases":
		items, err := scalarList(file, t.Name, key, val)
		if err != nil {
			return err
		}
		for _, it := range items {
			if !validName(it.Value) {
				return diag.Errorf(file, it.Line, "target %s: invalid alias %q", t.Name, it.Value)
			}
			t.Aliases = append(t.Aliases, it.Value)
		}
	}
	return nil
}

func parseAOT(file string, t *Target, val *yaml.Node) error {
	if val.Kind != yaml.MappingNode {
		return diag.Errorf(file, val.Line, "target %s: aot must be a mapping with tool and options", t.Name)
	}
	seen := map[string]bool{}
	var optionLines []int
	for i := 0; i+1 < len(val.Content); i += 2 {
		key, v := val.Content[i], val.Content[i+1]
		if seen[key.Value] {
			return diag.Errorf(file, key.Line, "target %s: duplicate aot key %q", t.Name, key.Value)
		}
		seen[key.Value] = true
		switch key.Value {
		case "tool":
			if v.Kind != yaml.ScalarNode || v.Value == "" {
				return diag.Errorf(file, v.Line, "target %s: aot tool must be a name", t.Name)
			}
			if _, ok := LookupAOTTool(v.Value); !ok {
				return diag.Errorf(file, v.Line, "target %s: aot tool %q is not one rules_sycl can run (%s)", t.Name, v.Value, aotToolNames())
			}
			t.AOT.Tool = v.Value
		case "options":
			items, err := scalarList(file, t.Name, "aot options", v)
			if err != nil {
				return err
			}
			for _, it := range items {
				t.AOT.Options = append(t.AOT.Options, it.Value)
				optionLines = append(optionLines, it.Line)
			}
		default:
			return diag.Errorf(file, key.Line, "target %s: unknown aot key %q (known: tool, options)", t.Name, key.Value)
		}
	}
	if t.AOT.Tool == "" && len(t.AOT.Options) > 0 {
		// Nothing would read them: a target without a tool is JIT SPIR-V.
		return diag.Errorf(file, optionLines[0], "target %s: aot options without an aot tool (a target without one is JIT SPIR-V and runs no tool; tools: %s)", t.Name, aotToolNames())
	}
	for i, o := range t.AOT.Options {
		if bad := fileOption(t.AOT.Tool, []string{o}); bad != "" {
			return diag.Errorf(file, optionLines[i], "target %s: aot option %q names a file of %s; the aot step sets its inputs and outputs itself", t.Name, bad, t.AOT.Tool)
		}
	}
	return nil
}

func scalarList(file, target, key string, n *yaml.Node) ([]*yaml.Node, error) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return nil, nil
	}
	if n.Kind != yaml.SequenceNode {
		return nil, diag.Errorf(file, n.Line, "target %s: %s must be a list", target, key)
	}
	if len(n.Content) > MaxListLen {
		return nil, diag.Errorf(file, n.Line, "target %s: %s has more than %d entries", target, key, MaxListLen)
	}
	for _, it := range n.Content {
		if it.Kind != yaml.ScalarNode {
			return nil, diag.Errorf(file, it.Line, "target %s: %s entries must be scalars", target, key)
		}
	}
	return n.Content, nil
}

func resolveAspect(table *aspects.Table, s string) (string, int, error) {
	if n, err := strconv.Atoi(s); err == nil {
		if name, ok := table.Name(n); ok {
			return name, n, nil
		}
		return "", 0, fmt.Errorf("unknown aspect number %d", n)
	}
	if v, ok := table.Value(s); ok {
		return s, v, nil
	}
	return "", 0, fmt.Errorf("unknown aspect %q", s)
}

// MaxNameLen bounds target names and aliases (YAML's simple keys end at 1024 characters:
// a longer name would not read back from the printed configuration; found by FuzzParse).
const MaxNameLen = 256

func validName(s string) bool {
	if s == "" || len(s) > MaxNameLen {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// isTriple reports whether s is one of Triples.
func isTriple(s string) bool {
	for _, t := range Triples {
		if t == s {
			return true
		}
	}
	return false
}
