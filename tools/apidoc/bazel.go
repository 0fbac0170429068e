package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"go.starlark.net/starlark"
	"go.starlark.net/starlarkstruct"
	"go.starlark.net/syntax"
)

// ruleValue records a rule() or repository_rule() call.
type ruleValue struct {
	doc              string
	attrs            map[string]*attrValue
	executable, test bool
	repo             bool
}

func (r *ruleValue) String() string        { return "<rule>" }
func (r *ruleValue) Type() string          { return "rule" }
func (r *ruleValue) Freeze()               {}
func (r *ruleValue) Truth() starlark.Bool  { return true }
func (r *ruleValue) Hash() (uint32, error) { return 0, fmt.Errorf("unhashable: rule") }
func (r *ruleValue) Name() string          { return "rule" }
func (r *ruleValue) CallInternal(*starlark.Thread, starlark.Tuple, []starlark.Tuple) (starlark.Value, error) {
	return starlark.None, nil
}

// attrValue records an attr.*() call.
type attrValue struct {
	kind, doc, def string
	mandatory      bool
	values         []string
}

func (a *attrValue) String() string        { return "<attr " + a.kind + ">" }
func (a *attrValue) Type() string          { return "Attribute" }
func (a *attrValue) Freeze()               {}
func (a *attrValue) Truth() starlark.Bool  { return true }
func (a *attrValue) Hash() (uint32, error) { return 0, fmt.Errorf("unhashable: attr") }

// providerValue records a provider() call.
type providerValue struct {
	doc    string
	fields [][2]string
}

func (p *providerValue) String() string        { return "<provider>" }
func (p *providerValue) Type() string          { return "Provider" }
func (p *providerValue) Freeze()               {}
func (p *providerValue) Truth() starlark.Bool  { return true }
func (p *providerValue) Hash() (uint32, error) { return 0, nil }
func (p *providerValue) Name() string          { return "provider" }
func (p *providerValue) CallInternal(*starlark.Thread, starlark.Tuple, []starlark.Tuple) (starlark.Value, error) {
	return stub{"instance"}, nil
}

// stub stands for any Bazel built-in whose behaviour does not matter to the docs: every
// field is another stub, every call returns one.
type stub struct{ name string }

func (s stub) String() string        { return s.name }
func (s stub) Type() string          { return "stub" }
func (s stub) Freeze()               {}
func (s stub) Truth() starlark.Bool  { return true }
func (s stub) Hash() (uint32, error) { return starlark.String(s.name).Hash() }
func (s stub) Name() string          { return s.name }
func (s stub) Attr(n string) (starlark.Value, error) {
	return stub{s.name + "." + n}, nil
}
func (s stub) AttrNames() []string { return nil }
func (s stub) CallInternal(*starlark.Thread, starlark.Tuple, []starlark.Tuple) (starlark.Value, error) {
	return stub{s.name + "()"}, nil
}

func kwarg(kwargs []starlark.Tuple, name string) (starlark.Value, bool) {
	for _, kv := range kwargs {
		if string(kv[0].(starlark.String)) == name {
			return kv[1], true
		}
	}
	return nil, false
}

func kwString(kwargs []starlark.Tuple, name string) string {
	if v, ok := kwarg(kwargs, name); ok {
		if s, ok := v.(starlark.String); ok {
			return string(s)
		}
	}
	return ""
}

func kwBool(kwargs []starlark.Tuple, name string) bool {
	if v, ok := kwarg(kwargs, name); ok {
		return bool(v.Truth())
	}
	return false
}

func builtin(name string, fn func(args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error)) *starlark.Builtin {
	return starlark.NewBuiltin(name, func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		return fn(args, kwargs)
	})
}

func docArg(args starlark.Tuple, kwargs []starlark.Tuple) string {
	return kwString(kwargs, "doc")
}

func ruleBuiltin(repo bool) *starlark.Builtin {
	return builtin("rule", func(args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		r := &ruleValue{doc: docArg(args, kwargs), attrs: map[string]*attrValue{}, repo: repo}
		r.executable = kwBool(kwargs, "executable")
		r.test = kwBool(kwargs, "test")
		if v, ok := kwarg(kwargs, "attrs"); ok {
			if d, ok := v.(*starlark.Dict); ok {
				for _, item := range d.Items() {
					k, _ := starlark.AsString(item[0])
					if a, ok := item[1].(*attrValue); ok {
						r.attrs[k] = a
					}
				}
			}
		}
		return r, nil
	})
}

var attrKinds = map[string]string{
	"string": "string", "string_list": "list of strings", "int": "int", "int_list": "list of ints",
	"bool": "bool", "label": "label", "label_list": "list of labels", "string_dict": "dict of strings",
	"label_keyed_string_dict": "dict of label to string", "string_list_dict": "dict of string lists",
	"output": "output", "output_list": "list of outputs",
}

func attrModule() starlark.Value {
	members := starlark.StringDict{}
	for k, kind := range attrKinds {
		k, kind := k, kind
		members[k] = builtin("attr."+k, func(args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			a := &attrValue{kind: kind, doc: kwString(kwargs, "doc"), mandatory: kwBool(kwargs, "mandatory")}
			if v, ok := kwarg(kwargs, "default"); ok {
				a.def = "`" + v.String() + "`"
			} else {
				a.def = map[string]string{"bool": "`False`", "int": "`0`", "string": "`\"\"`"}[k]
				if strings.Contains(k, "list") {
					a.def = "`[]`"
				} else if strings.Contains(k, "dict") {
					a.def = "`{}`"
				} else if a.def == "" {
					a.def = "`None`"
				}
			}
			if v, ok := kwarg(kwargs, "values"); ok {
				if l, ok := v.(*starlark.List); ok {
					for i := 0; i < l.Len(); i++ {
						s, isString := starlark.AsString(l.Index(i))
						if !isString {
							s = l.Index(i).String() // attr.int values
						} else if s == "" {
							s = `""`
						}
						a.values = append(a.values, s)
					}
				}
			}
			return a, nil
		})
	}
	return starlarkstruct.FromStringDict(starlark.String("attr"), members)
}

func predeclared() starlark.StringDict {
	d := starlark.StringDict{
		"rule":            ruleBuiltin(false),
		"repository_rule": ruleBuiltin(true),
		"attr":            attrModule(),
		"struct":          starlark.NewBuiltin("struct", starlarkstruct.Make),
		"provider": builtin("provider", func(args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			p := &providerValue{doc: docArg(args, kwargs)}
			if len(args) > 0 {
				p.doc, _ = starlark.AsString(args[0])
			}
			if v, ok := kwarg(kwargs, "fields"); ok {
				switch f := v.(type) {
				case *starlark.Dict:
					for _, item := range f.Items() {
						k, _ := starlark.AsString(item[0])
						doc, _ := starlark.AsString(item[1])
						p.fields = append(p.fields, [2]string{k, doc})
					}
				case *starlark.List:
					for i := 0; i < f.Len(); i++ {
						k, _ := starlark.AsString(f.Index(i))
						p.fields = append(p.fields, [2]string{k, ""})
					}
				}
			}
			return p, nil
		}),
		"Label": builtin("Label", func(args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
			if len(args) == 1 {
				if s, ok := starlark.AsString(args[0]); ok {
					if strings.HasPrefix(s, "//") {
						s = "@rules_sycl" + s
					}
					return starlark.String(s), nil
				}
			}
			return starlark.String("<label>"), nil
		}),
	}
	for _, n := range []string{
		"CcInfo", "DefaultInfo", "OutputGroupInfo", "cc_common", "platform_common", "config_common",
		"native", "testing", "json", "select", "depset", "aspect", "transition", "analysis_test_transition",
		"config", "apple_common", "coverage_common", "InstrumentedFilesInfo", "PyInfo", "JavaInfo",
		"module_extension", "tag_class", "exec_group", "proto_common", "visibility", "subrule",
	} {
		d[n] = stub{n}
	}
	return d
}

type entry struct {
	globals starlark.StringDict
	err     error
}

// loader executes rules_sycl's .bzl files; other repositories' files become stubs.
type loader struct {
	root  string
	cache map[string]*entry
}

func (l *loader) load(rel string) (starlark.StringDict, error) {
	if e, ok := l.cache[rel]; ok {
		if e == nil {
			return nil, fmt.Errorf("cycle in load graph at %s", rel)
		}
		return e.globals, e.err
	}
	l.cache[rel] = nil
	path := filepath.Join(l.root, rel)
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	thread := &starlark.Thread{Name: rel, Load: l.loadLabel}
	opts := &syntax.FileOptions{Set: true, While: true, TopLevelControl: true, GlobalReassign: true, Recursion: true}
	g, err := starlark.ExecFileOptions(opts, thread, rel, src, predeclared())
	if err != nil {
		if ee, ok := err.(*starlark.EvalError); ok {
			err = fmt.Errorf("%s", ee.Backtrace())
		}
	}
	l.cache[rel] = &entry{g, err}
	return g, err
}

// loadLabel resolves a load() of rules_sycl's own files to the file, others to stubs
// that have whatever names the load asks for.
func (l *loader) loadLabel(thread *starlark.Thread, label string) (starlark.StringDict, error) {
	if strings.HasPrefix(label, "//") || strings.HasPrefix(label, "@rules_sycl//") || strings.HasPrefix(label, ":") {
		label = strings.TrimPrefix(label, "@rules_sycl")
		var rel string
		if strings.HasPrefix(label, ":") {
			rel = filepath.Join(filepath.Dir(thread.Name), label[1:])
		} else {
			pkgFile := strings.SplitN(strings.TrimPrefix(label, "//"), ":", 2)
			if len(pkgFile) != 2 {
				return nil, fmt.Errorf("load of %q: not a file label", label)
			}
			rel = filepath.Join(pkgFile[0], pkgFile[1])
		}
		return l.load(rel)
	}
	return externalStub(label), nil
}

// externalStub has a stub for each name rules_sycl loads from another repository; the
// few constants the docs read are real.
func externalStub(label string) starlark.StringDict {
	d := starlark.StringDict{}
	known := map[string]starlark.Value{
		"RULES_GO_VERSION": starlark.String("0.34.0"),
	}
	for k, v := range known {
		d[k] = v
	}
	for _, n := range stubNames {
		if _, ok := d[n]; !ok {
			d[n] = stub{label + "%" + n}
		}
	}
	return d
}

// stubNames are the names rules_sycl loads from other repositories.
var stubNames = func() []string {
	names := []string{
		"paths", "BuildSettingInfo", "ACTION_NAMES", "find_cpp_toolchain", "http_archive", "maybe",
		"cc_library", "cc_test", "cc_binary", "cc_toolchain", "use_cpp_toolchain", "analysistest", "asserts",
		"go_binary", "go_library", "go_test", "go_rules_dependencies", "go_register_toolchains",
		"gazelle", "gazelle_dependencies", "go_repository", "bool_flag", "int_flag", "string_flag",
		"string_list_flag", "unittest", "http_file", "workspace_and_buildfile", "patch", "update_attrs",
	}
	sort.Strings(names)
	return names
}()
