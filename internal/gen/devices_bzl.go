package gen

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/aspects"
	"github.com/rules-sycl/rules_sycl/internal/devconfig"
)

// DevicesBzlPath is where DevicesBzl's text is checked in, relative to the repository root.
const DevicesBzlPath = "toolchain/devices.bzl"

// DevicesBzl renders a device configuration, and the family, front-end and AOT tool
// records of devconfig, as the Starlark data file toolchain/devices.bzl.
func DevicesBzl(c *devconfig.Config) []byte {
	var b bytes.Buffer
	q := func(items []string) string {
		out := make([]string, len(items))
		for i, s := range items {
			out[i] = strconv.Quote(s)
		}
		return "[" + strings.Join(out, ", ") + "]"
	}
	b.WriteString("\"\"\"The Go tool's tables as Starlark data: the built-in device configurations and the\n")
	b.WriteString("family, front-end and AOT tool records.\n\n")
	b.WriteString("Generated from internal/devconfig (devices.yaml, families.go) by\n")
	b.WriteString("`sycl-device devices --format=bzl`; do not edit. A Go test fails when it is stale.\n\"\"\"\n\n")
	b.WriteString("DEVICES = {\n")
	for _, t := range c.Targets {
		b.WriteString("    " + strconv.Quote(t.Name) + ": {\n")
		b.WriteString("        \"aspects\": " + q(t.Aspects) + ",\n")
		sg := make([]string, len(t.SubGroupSizes))
		for i, v := range t.SubGroupSizes {
			sg[i] = strconv.Itoa(v)
		}
		b.WriteString("        \"sub_group_sizes\": [" + strings.Join(sg, ", ") + "],\n")
		if t.MaySupportOther {
			b.WriteString("        \"may_support_other_aspects\": True,\n")
		} else {
			b.WriteString("        \"may_support_other_aspects\": False,\n")
		}
		b.WriteString("        \"triple\": " + strconv.Quote(t.Triple) + ",\n")
		b.WriteString("        \"aot_tool\": " + strconv.Quote(t.AOT.Tool) + ",\n")
		b.WriteString("        \"aot_options\": " + q(t.AOT.Options) + ",\n")
		b.WriteString("        \"aliases\": " + q(t.Aliases) + ",\n")
		b.WriteString("    },\n")
	}
	b.WriteString("}\n\n")
	b.WriteString("# Upstream clang's device front-end options (devconfig.ClangDeviceFlags).\n")
	b.WriteString("DEVICE_FRONT_END_FLAGS = " + q(devconfig.ClangDeviceFlags) + "\n\n")
	b.WriteString("# The device triple families a target may name.\n")
	b.WriteString("TRIPLES = " + q(devconfig.Triples) + "\n\n")
	writeFamilies(&b, q)
	b.WriteString("# Target names DPC++ knows and rules_sycl cannot build, with the reason.\n")
	b.WriteString("UNSUPPORTED_TARGETS = {\n")
	names := make([]string, 0, len(devconfig.Unsupported))
	for n := range devconfig.Unsupported {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(&b, "    %s: %s,\n", strconv.Quote(n), strconv.Quote(devconfig.Unsupported[n]))
	}
	b.WriteString("}\n\n")
	b.WriteString("# Per AOT tool, the options that name its files (the aot step sets those itself).\n")
	b.WriteString("AOT_FILE_OPTIONS = {\n")
	tools := make([]string, 0, len(devconfig.FileOptions))
	for tool := range devconfig.FileOptions {
		tools = append(tools, tool)
	}
	sort.Strings(tools)
	for _, tool := range tools {
		fmt.Fprintf(&b, "    %s: %s,\n", strconv.Quote(tool), q(devconfig.FileOptions[tool]))
	}
	b.WriteString("}\n\n")
	b.WriteString("# The aspect names a device configuration may list (DPC++'s, deprecated ones included).\n")
	var aspectNames []string
	for _, a := range aspects.All() {
		aspectNames = append(aspectNames, a.Name)
	}
	b.WriteString("ASPECT_NAMES = " + q(aspectNames) + "\n\n")
	b.WriteString("# Per AOT tool (devconfig.AOTTools): the image extension, the descriptor's format and\n")
	b.WriteString("# target, and the executable it runs besides llc (the aot verb's flag of that name).\n")
	b.WriteString("AOT_TOOLS = {\n")
	for _, t := range devconfig.AOTTools {
		fmt.Fprintf(&b, "    %s: {\"ext\": %s, \"format\": %s, \"wrap_target\": %s, \"binary\": %s, \"optional\": %s, \"binary_what\": %s},\n",
			strconv.Quote(t.Name), strconv.Quote(t.Ext), strconv.Quote(t.Format), strconv.Quote(t.WrapTarget),
			strconv.Quote(t.Binary), starBool(t.Optional), strconv.Quote(t.BinaryWhat))
	}
	b.WriteString("}\n")
	return b.Bytes()
}

func starBool(v bool) string {
	if v {
		return "True"
	}
	return "False"
}

// writeFamilies writes FAMILIES and FRONT_ENDS (families.go) as Starlark dicts.
func writeFamilies(b *bytes.Buffer, q func([]string) string) {
	b.WriteString("# Per device triple (devconfig.Families): what building its targets needs.\n")
	b.WriteString("FAMILIES = {\n")
	for _, f := range devconfig.Families {
		fmt.Fprintf(b, "    %s: {\n", strconv.Quote(f.Triple))
		for _, kv := range [][2]string{
			{"jit", starBool(f.JIT)}, {"spirv", starBool(f.SPIRV)},
			{"arch", strconv.Quote(f.Arch)}, {"default_arch", strconv.Quote(f.DefaultArch)}, {"arch_example", strconv.Quote(f.ArchExample)},
			{"clang_ir_key", strconv.Quote(f.ClangIRKey)}, {"clang_args", q(f.ClangArgs)},
			{"dpcpp_target", strconv.Quote(f.DPCPPTarget)}, {"dpcpp_prefix", strconv.Quote(f.DPCPPPrefix)},
			{"program_metadata", starBool(f.ProgramMetadata)}, {"libclc", strconv.Quote(f.Libclc)},
			{"front_ends", q(f.FrontEnds)},
		} {
			fmt.Fprintf(b, "        %q: %s,\n", kv[0], kv[1])
		}
		b.WriteString("    },\n")
	}
	b.WriteString("}\n\n")
	b.WriteString("# Per device front end (devconfig.FrontEnds): the device-IR key of a target of a\n")
	b.WriteString("# family that is not JIT (\"\": the family's clang_ir_key), why it refuses others,\n")
	b.WriteString("# and its pipeline: what compiles, bitcode or text, the integration headers, DPC++'s\n")
	b.WriteString("# device libraries, what rules_sycl runs before the split, and the families it\n")
	b.WriteString("# serves by retargeting its spir64 device IR in the AOT step.\n")
	b.WriteString("FRONT_ENDS = {\n")
	for _, f := range devconfig.FrontEnds {
		fmt.Fprintf(b, "    %s: {\n", strconv.Quote(f.Name))
		for _, kv := range [][2]string{
			{"target_ir_key", strconv.Quote(f.TargetIRKey)}, {"refusal", strconv.Quote(f.Refusal)},
			{"compiler", strconv.Quote(f.Compiler)}, {"bitcode", starBool(f.Bitcode)},
			{"integration_headers", starBool(f.IntegrationHeaders)}, {"device_libraries", starBool(f.DeviceLibraries)},
			{"propagation", strconv.Quote(f.Propagation)}, {"retargets", q(f.Retargets)},
		} {
			fmt.Fprintf(b, "        %q: %s,\n", kv[0], kv[1])
		}
		b.WriteString("    },\n")
	}
	b.WriteString("}\n\n")
}
