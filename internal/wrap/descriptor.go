package wrap

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/aspects"
	"github.com/rules-sycl/rules_sycl/internal/props"
)

// HeaderPath is where DescriptorHeader is checked in, relative to the repository root.
const HeaderPath = "runtime/sycl_descriptor.h"

// DescriptorHeader returns the C declaration of DPC++'s offload descriptor (LP64) with
// named constants for its image formats and kinds, property types and aspect values.
// Every wrapper `sycl-device wrap` writes starts with it, and the runtime includes the
// checked-in copy (runtime/sycl_descriptor.h, kept current by a test): one layout.
func DescriptorHeader() []byte {
	var b bytes.Buffer
	w := func(format string, args ...interface{}) { fmt.Fprintf(&b, format, args...) }
	w("/* DPC++'s offload descriptor layout (LP64), as `sycl-device wrap` writes it.\n")
	w(" * Generated from internal/wrap/descriptor.go; do not edit (a test checks it is current). */\n")
	w("#ifndef RULES_SYCL_DESCRIPTOR_H\n#define RULES_SYCL_DESCRIPTOR_H\n\n")
	w("#include <stddef.h>\n#include <stdint.h>\n\n")
	w("struct rs_entry { void *addr; const char *name; uint64_t size; int32_t flags; int32_t reserved; };\n")
	w("struct rs_prop { const char *name; const void *value; uint32_t type; uint64_t size; };\n")
	w("struct rs_prop_set { const char *name; const struct rs_prop *begin; const struct rs_prop *end; };\n")
	w("struct rs_image {\n  uint16_t version; uint8_t kind; uint8_t format;\n")
	w("  const char *target; const char *compile_options; const char *link_options;\n")
	w("  const unsigned char *manifest_start; const unsigned char *manifest_end;\n")
	w("  const unsigned char *binary_start; const unsigned char *binary_end;\n")
	w("  const struct rs_entry *entries_begin; const struct rs_entry *entries_end;\n")
	w("  const struct rs_prop_set *props_begin; const struct rs_prop_set *props_end;\n};\n")
	w("/* The same image without the manifest pointers: DPC++ 2026 and later (libsycl.so.9) read\n")
	w(" * this layout, version %d. */\n", ImageVersionNoManifest)
	w("struct rs_image_v3 {\n  uint16_t version; uint8_t kind; uint8_t format;\n")
	w("  const char *target; const char *compile_options; const char *link_options;\n")
	w("  const unsigned char *binary_start; const unsigned char *binary_end;\n")
	w("  const struct rs_entry *entries_begin; const struct rs_entry *entries_end;\n")
	w("  const struct rs_prop_set *props_begin; const struct rs_prop_set *props_end;\n};\n")
	w("struct rs_desc { uint16_t version; uint16_t count; const struct rs_image *images;\n")
	w("  const struct rs_entry *host_begin; const struct rs_entry *host_end; };\n\n")
	w("_Static_assert(sizeof(struct rs_entry) == 32, \"entry\");\n_Static_assert(sizeof(struct rs_prop) == 32, \"property\");\n")
	w("_Static_assert(sizeof(struct rs_prop_set) == 24, \"property set\");\n_Static_assert(sizeof(struct rs_image) == 96, \"image\");\n")
	w("_Static_assert(sizeof(struct rs_image_v3) == 80, \"image without manifest\");\n")
	w("_Static_assert(sizeof(struct rs_desc) == 32, \"descriptor\");\n\n")
	w("/* Image formats and kind, descriptor versions. */\n")
	w("enum {\n  RS_FORMAT_NONE = %d,\n  RS_FORMAT_NATIVE = %d,\n  RS_FORMAT_SPIRV = %d,\n  RS_FORMAT_LLVMIR = %d,\n",
		FormatNone, FormatNative, FormatSPIRV, FormatLLVMIR)
	w("  RS_KIND_SYCL = %d,\n  RS_IMAGE_VERSION = %d,\n  RS_IMAGE_VERSION_NO_MANIFEST = %d,\n  RS_DESC_VERSION = %d\n};\n\n",
		KindSYCL, ImageVersion, ImageVersionNoManifest, DescVersion)
	w("/* Property types: a 32-bit value in size, or a byte array (a 64-bit bit count, then\n")
	w(" * the bytes) at value. */\n")
	w("enum { RS_PROP_UINT32 = %d, RS_PROP_BYTE_ARRAY = %d };\n\n", props.TypeUint32, props.TypeByteArray)
	w("/* DPC++'s aspect values. */\nenum {\n")
	all := aspects.All()
	for i, a := range all {
		sep := ","
		if i == len(all)-1 {
			sep = ""
		}
		w("  RS_ASPECT_%s = %d%s\n", strings.ToUpper(a.Name), a.Value, sep)
	}
	w("};\n\n")
	w("void __sycl_register_lib(struct rs_desc *desc);\nvoid __sycl_unregister_lib(struct rs_desc *desc);\n\n")
	w("#endif\n")
	return b.Bytes()
}
