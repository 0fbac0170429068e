package gen

import (
	"bytes"
	"fmt"

	"github.com/rules-sycl/rules_sycl/internal/extlibs"
)

// ExternalLibrariesPath is where ExternalLibrariesHeader's text is checked in.
const ExternalLibrariesPath = "toolchain/dpcpp_jit/external_libraries.h"

// ExternalLibrariesHeader returns extlibs' table for DPC++'s device compile (C++): after
// the compiler's "'<include>' file not found" it prints what library the include belongs
// to and what to do.
func ExternalLibrariesHeader() []byte {
	var b bytes.Buffer
	w := func(format string, args ...interface{}) { fmt.Fprintf(&b, format, args...) }
	w("/* The libraries rules_sycl does not provide, generated from internal/extlibs\n")
	w(" * (internal/gen/extlibs.go); do not edit (a test checks it is current). */\n")
	w("#ifndef RULES_SYCL_EXTERNAL_LIBRARIES_H\n#define RULES_SYCL_EXTERNAL_LIBRARIES_H\n\n")
	w("/* An include path that is prefix (a prefix ending in '/' matches the headers below it)\n")
	w(" * belongs to library name, which a user gets from where; label: the target of rules_sycl\n")
	w(" * that provides it (\"\": none does). */\n")
	w("static const struct { const char *prefix, *name, *where, *label; } rs_external_libraries[] = {\n")
	for _, l := range extlibs.Libraries {
		for _, p := range l.Prefixes {
			w("  {%q, %q, %q, %q},\n", p, l.Name, l.Where, l.Label)
		}
	}
	w("};\n\n")
	w("static const char rs_external_library_advice[] = %q;\n\n#endif\n", extlibs.Advice)
	return b.Bytes()
}
