package gen

import (
	"bytes"
	"fmt"

	"github.com/rules-sycl/rules_sycl/internal/aspects"
	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/wrap"
)

// TablesPath is where TablesHeader's text is checked in, relative to the repository root.
const TablesPath = "runtime/sycl_tables.h"

// TablesHeader returns the tables the test runtime takes from the Go ones: every aspect's
// name (the built-in numbering, which the requirements it reads use) and the backend
// whose devices load each descriptor target's images. runtime/sycl_tables.h is this text,
// kept current by a test.
func TablesHeader() []byte {
	var b bytes.Buffer
	w := func(format string, args ...interface{}) { fmt.Fprintf(&b, format, args...) }
	w("/* Tables of the test runtime, generated from internal/aspects and internal/devconfig\n")
	w(" * (internal/gen/tables.go); do not edit (a test checks it is current). */\n")
	w("#ifndef RULES_SYCL_TABLES_H\n#define RULES_SYCL_TABLES_H\n\n#include <stdint.h>\n\n")
	w("/* Aspect names by value (the built-in numbering). */\n")
	w("static const struct { uint32_t value; const char *name; } rs_aspect_names[] = {\n")
	for _, a := range aspects.All() {
		w("  {%d, %q},\n", a.Value, a.Name)
	}
	w("};\n\n")
	w("/* The backend whose devices load a descriptor target's images (devconfig.AOTTools). */\n")
	w("static const struct { const char *target; const char *backend; } rs_target_backends[] = {\n")
	for _, tb := range devconfig.TargetBackends() {
		w("  {%q, %q},\n", tb[0], tb[1])
	}
	w("};\n\n")
	w("/* What each image format is called (devconfig.FormatLabels), for RSYCL_TRACE. */\n")
	w("static const struct { uint8_t format; const char *label; } rs_format_labels[] = {\n")
	for _, name := range []string{"native", "spirv", "llvmbc"} {
		f, _ := wrap.ParseFormat(name)
		w("  {%d, %q},\n", f, devconfig.FormatLabels[name])
	}
	w("};\n\n")
	w("/* OpenCL platforms (by name) that cannot run an aspect they report (devconfig.PlatformLacks). */\n")
	w("static const struct { const char *platform; uint32_t aspect; } rs_platform_lacks[] = {\n")
	builtin := aspects.Builtin()
	for _, pl := range devconfig.PlatformLacks {
		for _, a := range pl.Aspects {
			v, _ := builtin.Value(a)
			w("  {%q, %d},\n", pl.Platform, v)
		}
	}
	w("};\n\n#endif\n")
	return b.Bytes()
}
