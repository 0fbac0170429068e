// Package sycl is the Gazelle language extension for SYCL: it finds C++ files that
// are SYCL code and writes sycl_library, sycl_binary and sycl_test rules for them, with
// deps resolved from their quoted #include directives.
//
// The extension targets the language.Language interface of Gazelle v0.25. Its parts
// follow Gazelle's own languages: config.go (directives), fileinfo.go (reading C++
// files), generate.go (rules per directory), resolve.go (includes to labels) and
// kinds.go (rule kinds and loads).
package sycl

import (
	"github.com/bazelbuild/bazel-gazelle/config"
	"github.com/bazelbuild/bazel-gazelle/label"
	"github.com/bazelbuild/bazel-gazelle/language"
	"github.com/bazelbuild/bazel-gazelle/rule"
)

const languageName = "sycl"

type syclLang struct {
	cross *crossDir // files of other directories, read while generating (crossdir.go)
}

// NewLanguage is the entry point gazelle_binary calls.
func NewLanguage() language.Language { return &syclLang{} }

func (*syclLang) Name() string { return languageName }

// Fix has nothing to repair: there are no deprecated forms of the SYCL rules.
// Fix leaves a hand-written BUILD file of a directory with `# gazelle:sycl_generate off`
// byte for byte: Gazelle writes every file it visits whose formatted text differs from
// its content, so the content is taken as already formatted. A change to its rules by
// another language still rewrites it.
func (*syclLang) Fix(c *config.Config, f *rule.File) {
	if f != nil && !getConfig(c).generate {
		f.Content = f.Format()
	}
}

// Embeds: SYCL rules do not embed one another.
func (*syclLang) Embeds(r *rule.Rule, from label.Label) []label.Label { return nil }
