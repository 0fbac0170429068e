package sycl

import "github.com/bazelbuild/bazel-gazelle/rule"

// The load users write for the generated rules. Inside rules_sycl itself the root
// BUILD file maps the kinds to //sycl:defs.bzl with # gazelle:map_kind.
const rulesBzl = "@rules_sycl//sycl:defs.bzl"

var (
	generatedAttrs  = map[string]bool{"srcs": true, "hdrs": true, "textual_hdrs": true}
	executableAttrs = map[string]bool{"srcs": true, "hdrs": true, "textual_hdrs": true, "targets": true, "device_code_split": true}
	resolveDeps     = map[string]bool{"deps": true}
)

// Kinds: cc_library is listed so that Gazelle indexes existing cc_library rules (a
// quoted include can resolve to one) and so that # gazelle:sycl_plain_cc cc_library can
// write them. Binaries and tests match existing rules by srcs, so a hand-named
// sycl_binary keeps its name.
func (*syclLang) Kinds() map[string]rule.KindInfo {
	return map[string]rule.KindInfo{
		"sycl_library": {
			NonEmptyAttrs:  generatedAttrs,
			MergeableAttrs: generatedAttrs,
			ResolveAttrs:   resolveDeps,
		},
		"sycl_binary": {
			MatchAttrs:     []string{"srcs"},
			NonEmptyAttrs:  map[string]bool{"srcs": true},
			MergeableAttrs: executableAttrs,
			ResolveAttrs:   resolveDeps,
		},
		"sycl_test": {
			MatchAttrs:     []string{"srcs"},
			NonEmptyAttrs:  map[string]bool{"srcs": true},
			MergeableAttrs: executableAttrs,
			ResolveAttrs:   resolveDeps,
		},
		"cc_library": {
			NonEmptyAttrs:  generatedAttrs,
			MergeableAttrs: generatedAttrs,
			ResolveAttrs:   resolveDeps,
		},
	}
}

// Loads: cc_library is written as the native rule (Bazel 7 and 8 have it), so Gazelle
// never adds a load of a repository the user may not have.
func (*syclLang) Loads() []rule.LoadInfo {
	return []rule.LoadInfo{
		{Name: rulesBzl, Symbols: []string{"sycl_binary", "sycl_library", "sycl_test"}},
	}
}
