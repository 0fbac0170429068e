package sycl

import (
	"flag"
	"fmt"
	"log"
	"path"
	"path/filepath"
	"strings"

	"github.com/bazelbuild/bazel-gazelle/config"
	"github.com/bazelbuild/bazel-gazelle/rule"
	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/devconfig"
)

// Directives of the SYCL language. Each is inherited by subdirectories until a BUILD
// file there sets it again. docs: language/sycl/README.md.
const (
	directiveGenerate   = "sycl_generate"          // on | off
	directiveTargets    = "sycl_targets"           // comma list; empty: the --//sycl:targets flag decides
	directiveSplit      = "sycl_device_code_split" // auto | per_kernel | per_source | off; empty: the flag decides
	directiveUnresolved = "sycl_unresolved_deps"   // ignore | warn | error
	directiveTestPat    = "sycl_test_pattern"      // comma list of globs on the base name
	directivePlainCC    = "sycl_plain_cc"          // ignore | cc_library
	directiveIncDirs    = "sycl_include_dirs"      // comma list of directories from the repository root
)

// What to do with a quoted #include that no rule provides.
const (
	unresolvedIgnore = "ignore"
	unresolvedWarn   = "warn"
	unresolvedError  = "error"
)

var defaultTestPatterns = []string{"*_test.*", "test_*.*"}

// syclConfig is the per-directory configuration, stored in config.Config.Exts.
type syclConfig struct {
	generate     bool
	targets      []string
	split        string
	unresolved   string
	testPatterns []string
	plainCC      bool
	// includeDirs are the directories, from the repository root, that quoted includes
	// are also looked up in (CMake's include_directories): libraries generated in one
	// get includes = ["."], and a file that includes SYCL code through one is SYCL code.
	includeDirs []string
}

func defaultConfig() *syclConfig {
	return &syclConfig{
		generate:     true,
		unresolved:   unresolvedWarn,
		testPatterns: defaultTestPatterns,
	}
}

func (sc *syclConfig) clone() *syclConfig {
	c := *sc
	return &c // slices are replaced, never appended to, so sharing them is safe
}

func getConfig(c *config.Config) *syclConfig {
	if sc, ok := c.Exts[languageName].(*syclConfig); ok {
		return sc
	}
	return defaultConfig()
}

func (*syclLang) RegisterFlags(fs *flag.FlagSet, cmd string, c *config.Config) {}

func (*syclLang) CheckFlags(fs *flag.FlagSet, c *config.Config) error { return nil }

func (*syclLang) KnownDirectives() []string {
	return []string{directiveGenerate, directiveTargets, directiveSplit, directiveUnresolved, directiveTestPat, directivePlainCC, directiveIncDirs}
}

// Configure applies the directives of the BUILD file in rel on top of the parent's
// configuration. A bad value stops Gazelle with the BUILD file's path and the
// allowed values, before anything is written.
func (*syclLang) Configure(c *config.Config, rel string, f *rule.File) {
	sc := getConfig(c).clone()
	c.Exts[languageName] = sc
	if f == nil {
		return
	}
	for _, d := range f.Directives {
		if err := sc.apply(d.Key, strings.TrimSpace(d.Value)); err != nil {
			// The path from the repository root, as the other messages give it.
			log.Fatalf("%s: # gazelle:%s %s: %v", path.Join(rel, filepath.Base(f.Path)), d.Key, d.Value, err)
		}
	}
}

func (sc *syclConfig) apply(key, value string) error {
	switch key {
	case directiveGenerate:
		on, err := onOff(value)
		if err != nil {
			return err
		}
		sc.generate = on
	case directiveTargets:
		targets := cli.SplitList(value)
		known := devconfig.Default()
		for _, t := range targets {
			if !validTargetName(t) {
				return fmt.Errorf("%q is not a target name", t)
			}
			if _, ok := known.Lookup(t); !ok {
				// Users declare their own devices with sycl_device, so this is a warning.
				log.Printf("warning: sycl target %q is not a built-in device; declare it with sycl_device", t)
			}
		}
		sc.targets = targets
	case directiveSplit:
		switch value {
		case "", "auto", "per_kernel", "per_source", "off":
			sc.split = value
		default:
			return fmt.Errorf("want auto, per_kernel, per_source, off or nothing (the flag decides)")
		}
	case directiveUnresolved:
		switch value {
		case unresolvedIgnore, unresolvedWarn, unresolvedError:
			sc.unresolved = value
		default:
			return fmt.Errorf("want ignore, warn or error")
		}
	case directiveTestPat:
		pats := cli.SplitList(value)
		if len(pats) == 0 {
			pats = defaultTestPatterns
		}
		for _, p := range pats {
			if _, err := path.Match(p, ""); err != nil || strings.Contains(p, "/") {
				return fmt.Errorf("%q is not a file-name glob", p)
			}
		}
		sc.testPatterns = pats
	case directivePlainCC:
		switch value {
		case "ignore":
			sc.plainCC = false
		case "cc_library":
			sc.plainCC = true
		default:
			return fmt.Errorf("want ignore or cc_library")
		}
	case directiveIncDirs:
		dirs := cli.SplitList(value)
		for i, d := range dirs {
			clean := path.Clean(d)
			if path.IsAbs(d) || clean == ".." || strings.HasPrefix(clean, "../") {
				return fmt.Errorf("%q is not a directory below the repository root", d)
			}
			dirs[i] = clean
		}
		sc.includeDirs = dirs
	}
	return nil
}

func onOff(v string) (bool, error) {
	switch v {
	case "on", "true":
		return true, nil
	case "off", "false":
		return false, nil
	}
	return false, fmt.Errorf("want on or off")
}

func validTargetName(s string) bool {
	for _, r := range s {
		if !(r == '_' || r == '-' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return s != ""
}

// isIncludeDir says whether rel (a directory from the repository root) is one of the
// sycl_include_dirs.
func (sc *syclConfig) isIncludeDir(rel string) bool {
	if rel == "" {
		rel = "."
	}
	for _, d := range sc.includeDirs {
		if d == rel {
			return true
		}
	}
	return false
}

func (sc *syclConfig) isTest(name string) bool {
	for _, p := range sc.testPatterns {
		if ok, _ := path.Match(p, name); ok {
			return true
		}
	}
	return false
}
