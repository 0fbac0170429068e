// Package extlibs names the libraries SYCL programs commonly include beside SYCL itself
// (oneDPL, oneMKL, SYCLomatic's helpers, the oneAPI samples' utilities), so that a
// missing header says which library it belongs to and what to do. Gazelle resolves an
// include of one that rules_sycl provides (oneMKL: @onemkl) and warns at the others;
// DPC++'s device compile adds a note to the compiler's "file not found"
// (toolchain/dpcpp_jit/external_libraries.h, generated from this table by internal/gen).
package extlibs

import "strings"

// Library is one library and the include paths that are its headers.
type Library struct {
	Name string
	// Prefixes are include paths, as written between <> or "": a prefix ending in "/"
	// matches every header below it, any other one matches that header only.
	Prefixes []string
	// Where is where a user gets it.
	Where string
	// Label is the target of rules_sycl that provides it ("" when none does).
	Label string
}

// Libraries are the known ones, in the order they are matched.
var Libraries = []Library{
	{
		Name:     "oneDPL (oneAPI DPC++ Library)",
		Prefixes: []string{"oneapi/dpl/"},
		Where:    "its headers come with the oneAPI Base Toolkit, PyPI's onedpl-devel or the oneDPL sources",
	},
	{
		Name:     "oneMKL's SYCL API",
		Prefixes: []string{"oneapi/mkl.hpp", "oneapi/mkl/", "mkl.h", "mkl_sycl.hpp"},
		Where:    "rules_sycl lays it out from Intel's wheels as @onemkl",
		Label:    "@onemkl//:onemkl",
	},
	{
		Name:     "SYCLomatic's dpct helpers",
		Prefixes: []string{"dpct/"},
		Where:    "its headers come with the oneAPI Base Toolkit (dpct) or the SYCLomatic sources",
	},
	{
		Name:     "the oneAPI samples' dev-utilities",
		Prefixes: []string{"dpc_common.hpp"},
		Where:    "the oneAPI Base Toolkit installs it in dev-utilities/latest/include",
	},
}

// Advice is what to do about any of them.
const Advice = "make its headers (and libraries) a cc_library or sycl_library and add that to deps"

// Lookup returns the library an include path belongs to.
func Lookup(include string) (Library, bool) {
	for _, l := range Libraries {
		for _, p := range l.Prefixes {
			if include == p || (strings.HasSuffix(p, "/") && strings.HasPrefix(include, p)) {
				return l, true
			}
		}
	}
	return Library{}, false
}

// Message is the sentence for a missing include of library l.
func Message(include string, l Library) string {
	if l.Label != "" {
		return include + " is " + l.Name + ": add " + l.Label + " to deps (" + l.Where + ")"
	}
	return include + " is " + l.Name + ", which rules_sycl does not provide: " + Advice + " (" + l.Where + ")"
}
