package devconfig

import "strings"

// This file is the one home of what differs between device families: the tables below are
// read by the Go tools and generated into toolchain/devices.bzl (FAMILIES, FRONT_ENDS,
// AOT_TOOLS) for the rules and into runtime/sycl_tables.h for the test runtime, so that
// neither branches on a family's name. A new family that takes SPIR-V is a row of
// AOTTools (and of Families for a new triple), its adapter in internal/imagecompile, a test and its
// docs (docs/DEVELOPMENT.md, "Adding a device family").

// Family is what the build of a target of one device triple needs to know.
type Family struct {
	Triple string
	// JIT says the triple's images are SPIR-V that the runtime compiles: every front end
	// gives its targets the TUs' one spir64 device IR.
	JIT bool
	// SPIRV says the family's images are made from SPIR-V (written by llc, or by a DPC++
	// toolchain's llvm-spirv when it has one).
	SPIRV bool
	// Arch is what a target's first AOT option names ("" when the family has none);
	// DefaultArch is used when a target names none ("": it must name one, e.g. ArchExample).
	Arch, DefaultArch, ArchExample string
	// ClangIRKey is the device-IR key of upstream clang's compile for a target ("spir": the
	// TUs' spir64 compile; otherwise a compile per key with ClangArgs, {arch} replaced).
	ClangIRKey string
	ClangArgs  []string
	// DPCPPTarget is DPC++'s -fsycl-targets name for a target ({triple}, {arch} replaced);
	// a target whose name starts with DPCPPPrefix is DPC++'s own name and keeps it.
	DPCPPTarget, DPCPPPrefix string
	// ProgramMetadata says DPC++'s driver asks sycl-post-link for program metadata.
	ProgramMetadata bool
	// Libclc is the key of the toolchain's libclc library for the family's device math
	// ("": C math becomes SPIR-V built-ins).
	Libclc string
	// FrontEnds are the device front ends (FrontEnds' names) that compile for the family.
	FrontEnds []string
	// SPIRVExtensions are the SPIR-V extensions DPC++'s driver enables when it writes the
	// SPIR-V of the family's images (its llvm-spirv's -spirv-ext list, in the driver's
	// order; nil for a family without SPIR-V). The AOT step gives a DPC++ toolchain's
	// llvm-spirv all of them, and llc those its SPIR-V back end knows.
	SPIRVExtensions []string
}

var spirFrontEnds = []string{"clang", "dpcpp", "dpcpp-jit"}

// dpcppSPIRVExtensions is the list DPC++'s driver gives llvm-spirv for its SPIR targets
// but the CPU (intel/llvm's clang/test/Driver/sycl-spirv-ext.c, CHECK-DEFAULT), and
// dpcppCPUSPIRVExtensions the one for spir64_x86_64 (CHECK-CPU): the same list without
// the GPU-only shader clock, bindless images and half-precision atomic add.
var dpcppSPIRVExtensions = []string{
	"SPV_EXT_shader_atomic_float_add", "SPV_EXT_shader_atomic_float_min_max",
	"SPV_KHR_no_integer_wrap_decoration", "SPV_KHR_float_controls",
	"SPV_KHR_expect_assume", "SPV_KHR_linkonce_odr",
	"SPV_INTEL_subgroups", "SPV_INTEL_media_block_io",
	"SPV_INTEL_device_side_avc_motion_estimation", "SPV_INTEL_fpga_loop_controls",
	"SPV_INTEL_unstructured_loop_controls", "SPV_INTEL_fpga_reg",
	"SPV_INTEL_blocking_pipes", "SPV_INTEL_function_pointers",
	"SPV_INTEL_kernel_attributes", "SPV_INTEL_io_pipes",
	"SPV_INTEL_inline_assembly", "SPV_INTEL_arbitrary_precision_integers",
	"SPV_INTEL_float_controls2", "SPV_INTEL_vector_compute",
	"SPV_INTEL_fast_composite", "SPV_INTEL_arbitrary_precision_fixed_point",
	"SPV_INTEL_arbitrary_precision_floating_point", "SPV_INTEL_variable_length_array",
	"SPV_INTEL_fp_fast_math_mode", "SPV_INTEL_long_composites",
	"SPV_INTEL_arithmetic_fence", "SPV_INTEL_cache_controls",
	"SPV_INTEL_fpga_buffer_location", "SPV_INTEL_fpga_argument_interfaces",
	"SPV_INTEL_fpga_invocation_pipelining_attributes", "SPV_INTEL_fpga_latency_control",
	"SPV_KHR_shader_clock", "SPV_INTEL_bindless_images",
	"SPV_INTEL_task_sequence", "SPV_INTEL_bfloat16_conversion",
	"SPV_INTEL_joint_matrix", "SPV_INTEL_hw_thread_queries",
	"SPV_KHR_uniform_group_instructions", "SPV_INTEL_masked_gather_scatter",
	"SPV_INTEL_tensor_float32_conversion", "SPV_INTEL_optnone",
	"SPV_KHR_non_semantic_info", "SPV_KHR_cooperative_matrix",
	"SPV_EXT_shader_atomic_float16_add", "SPV_INTEL_fp_max_error",
}

var dpcppCPUSPIRVExtensions = func() []string {
	var out []string
	for _, e := range dpcppSPIRVExtensions {
		switch e {
		case "SPV_KHR_shader_clock", "SPV_INTEL_bindless_images", "SPV_EXT_shader_atomic_float16_add":
		default:
			out = append(out, e)
		}
	}
	return out
}()

// Families lists the device triples a target may name, in the order messages list them.
var Families = []Family{
	{Triple: "spir64", JIT: true, SPIRV: true, ClangIRKey: "spir", DPCPPTarget: "{triple}", FrontEnds: spirFrontEnds, SPIRVExtensions: dpcppSPIRVExtensions},
	{Triple: "spir64_gen", SPIRV: true, ClangIRKey: "spir", DPCPPTarget: "{triple}", DPCPPPrefix: "intel_gpu_", FrontEnds: spirFrontEnds, SPIRVExtensions: dpcppSPIRVExtensions},
	{Triple: "spir64_x86_64", SPIRV: true, ClangIRKey: "spir", DPCPPTarget: "{triple}", FrontEnds: spirFrontEnds, SPIRVExtensions: dpcppCPUSPIRVExtensions},
	{
		Triple: "nvptx64", Arch: "sm_XX architecture", DefaultArch: "sm_50", ArchExample: "sm_90",
		ClangIRKey: "nvptx:{arch}",
		ClangArgs:  []string{"-fsycl", "--offload-arch={arch}", "-nocudalib", "-Xclang", "-target-feature", "-Xclang", "+ptx80", "-fsycl-device-only"},
		// DPC++'s default for nvptx64 is sm_50.
		DPCPPTarget: "nvidia_gpu_{arch}", DPCPPPrefix: "nvidia_gpu_", ProgramMetadata: true, Libclc: "nvptx",
		FrontEnds: []string{"clang", "dpcpp", "dpcpp-jit"},
	},
	{
		Triple: "amdgcn", Arch: "gfx architecture", ArchExample: "gfx90a",
		ClangIRKey: "amdgcn:{arch}",
		// clang 22's driver cannot combine -fsycl with an AMD offload architecture (it
		// crashes): its SYCL device compile sets up the host's headers and auxiliary
		// target, and the front end is given the AMDGPU triple and architecture.
		ClangArgs:   []string{"-fsycl", "-fsycl-device-only", "-Xclang", "-triple", "-Xclang", "amdgcn-amd-amdhsa", "-Xclang", "-target-cpu", "-Xclang", "{arch}"},
		DPCPPTarget: "amd_gpu_{arch}", DPCPPPrefix: "amd_gpu_", ProgramMetadata: true, Libclc: "amdgcn",
		FrontEnds: []string{"clang", "dpcpp"},
	},
}

// Triples are the triples of Families.
var Triples = func() []string {
	out := make([]string, len(Families))
	for i, f := range Families {
		out[i] = f.Triple
	}
	return out
}()

// LookupFamily returns the family of a triple.
func LookupFamily(triple string) (Family, bool) {
	for _, f := range Families {
		if f.Triple == triple {
			return f, true
		}
	}
	return Family{}, false
}

// TargetArch is the architecture a target of an Arch family names: its first AOT option,
// else the family's default ("" for none).
func TargetArch(t *Target) string {
	if len(t.AOT.Options) > 0 {
		return t.AOT.Options[0]
	}
	f, _ := LookupFamily(t.Triple)
	return f.DefaultArch
}

// ClangDeviceFlags are upstream clang's device front-end options in every device compile
// of the rules (after -fsycl -fsycl-device-only -S -emit-llvm, or a family's ClangArgs):
// no LLVM passes, so that propagation sees the code as written (a _Float16 the optimiser
// would delete, calls inlining would hide), and the optimise step (SyclDeviceOptimize,
// after propagation) runs -O2; line tables give the device_has diagnostics their
// file:line:col (relative to the execution root, so the IR is the same whatever the
// output root), and that step strips them again; -no-canonical-prefixes makes clang find
// its resource headers next to the path it was run by (the declared files of
// @sycl_llvm), not next to the host file that path links to. Generated into
// toolchain/devices.bzl (DEVICE_FRONT_END_FLAGS); the Go tests compile with them too.
var ClangDeviceFlags = []string{"-O2", "-Xclang", "-disable-llvm-passes", "-gline-tables-only", "-fdebug-compilation-dir=.", "-no-canonical-prefixes"}

// FrontEnd is a device front end: what compiles the device side of SYCL TUs.
type FrontEnd struct {
	Name string // clang, dpcpp, dpcpp-jit (SyclToolchainInfo's front_end_name)
	// TargetIRKey is the device-IR key of a target of a family that is not JIT: "" for the
	// family's ClangIRKey, otherwise a compile of its own per key ({dpcpp_target},
	// {triple} replaced), as DPC++'s driver compiles a TU once per offload target.
	TargetIRKey string
	// Refusal says, after "target T (triple) cannot be served by ", why a family
	// outside the front end's Families cannot be built and what would work.
	Refusal string
	// Compiler is what runs its compiles: "clang" (upstream clang's SYCL front end),
	// "dpcpp-driver" (icpx or intel/llvm's clang++) or "sycl-jit-fe" (rules_sycl's
	// sycl-jit-fe over DPC++'s compiler library from Intel's runtime wheel).
	Compiler string
	// Bitcode says its device compiles write bitcode (.dev.bc), not text: every chain is
	// linked, one TU too, into the text the later steps read.
	Bitcode bool
	// IntegrationHeaders says its device compile writes DPC++'s integration header and
	// footer, which the TU's host compile reads (-include the header; the footer appended).
	IntegrationHeaders bool
	// DeviceLibraries says DPC++'s device libraries (the toolchain's device_libs) are
	// linked into every chain, after its TUs, as DPC++'s driver links them.
	DeviceLibraries bool
	// Propagation is what rules_sycl runs on each chain before the split:
	// "full": lower rsycl's annotations, propagate aspects, check device_has, link libclc
	// and optimise (upstream clang's front end runs no LLVM passes);
	// "calls": DPC++'s front end propagated and optimised; list kernel locations and
	// exports, and make C library calls OpenCL built-ins (no device libraries here);
	// "none": DPC++'s driver did it all; split what it wrote.
	Propagation string
	// Retargets are the families (triples) whose targets are built from the front end's
	// spir64 device IR (the "spir" key, no compile of their own), which the AOT step
	// retargets (internal/nvptx) and links with rules_sycl's builtins of that family.
	Retargets []string
}

// FrontEnds lists the device front ends.
var FrontEnds = []FrontEnd{
	{Name: "clang", Refusal: "upstream clang's SYCL front end", Compiler: "clang", Propagation: "full"},
	{
		Name: "dpcpp", TargetIRKey: "dpcpp:{dpcpp_target}", Refusal: "DPC++'s driver",
		Compiler: "dpcpp-driver", IntegrationHeaders: true, DeviceLibraries: true, Propagation: "none",
	},
	{
		Name: "dpcpp-jit", TargetIRKey: "dpcpp-jit:{triple}",
		Compiler: "sycl-jit-fe", Bitcode: true, IntegrationHeaders: true, DeviceLibraries: true, Propagation: "calls",
		// The wheel's library writes SPIR code only: NVIDIA's targets retarget it.
		Retargets: []string{"nvptx64"},
		Refusal: "DPC++'s front end from Intel's runtime wheel, which writes SPIR code only (NVIDIA targets are retargeted from it; AMD ones are not yet). " +
			"Build it with oneAPI's icpx (registered by @sycl_dpcpp when found; intel/llvm's compiler with its CUDA/HIP plugins), " +
			"or write its device code against the rsycl API for upstream clang (runtime = \"@rules_sycl//runtime:rsycl\")",
	},
}

// AOTTool is what the AOT step of a family of targets runs and produces, and how the
// wrapper records its images.
type AOTTool struct {
	Name       string // the aot.tool value of a target ("" for JIT SPIR-V)
	Ext        string // the image file's extension
	Format     string // the descriptor's image format: spirv, llvmbc or native
	WrapTarget string // the descriptor's target triple
	// Backend is the Unified Runtime backend (ONEAPI_DEVICE_SELECTOR's name) whose devices
	// load the images; the test runtime implements cuda and opencl.
	Backend string
	// SpecConsts is how the images' specialization constants are lowered, as DPC++'s
	// driver asks sycl-post-link: "native" (SPIR-V specialization constants, set when the
	// runtime builds the program) for JIT SPIR-V, "emulation" (loads from the kernel's
	// buffer) for every AOT format.
	SpecConsts string
	// Binary is the executable the tool runs besides llc ("" for none): the aot verb's
	// flag of that name gives its path, and the toolchain's aot_binaries holds it by this
	// name. Optional says a target builds without it; BinaryWhat says what it is.
	Binary     string
	Optional   bool
	BinaryWhat string
}

// AOTTools lists the AOT tools the pipeline can run.
var AOTTools = []AOTTool{
	{Name: "", Ext: ".spv", Format: "spirv", WrapTarget: "spir64", Backend: "opencl", SpecConsts: "native"},
	{Name: "llvm-spirv", Ext: ".bc", Format: "llvmbc", WrapTarget: "spir64", Backend: "opencl", SpecConsts: "emulation",
		Binary: "llvm-spirv", BinaryWhat: "llvm-spirv (SPIR-V to SPIR 1.2 bitcode: Debian's llvm-spirv-15)"},
	{Name: "ptx", Ext: ".ptx", Format: "native", WrapTarget: "nvptx64", Backend: "cuda", SpecConsts: "emulation",
		Binary: "ptxas", Optional: true, BinaryWhat: "ptxas (with it, a cubin for the target's sm_XX next to the PTX)"},
	{Name: "ocloc", Ext: ".bin", Format: "native", WrapTarget: "spir64_gen", Backend: "level_zero", SpecConsts: "emulation",
		Binary: "ocloc", BinaryWhat: "ocloc (Intel's GPU offline compiler)"},
	{Name: "opencl-aot", Ext: ".bin", Format: "native", WrapTarget: "spir64_x86_64", Backend: "opencl", SpecConsts: "emulation",
		Binary: "opencl-aot", BinaryWhat: "opencl-aot (Intel's CPU offline compiler)"},
	{Name: "amdgcn", Ext: ".hsaco", Format: "native", WrapTarget: "amdgcn", Backend: "hip", SpecConsts: "emulation",
		Binary: "lld", BinaryWhat: "ld.lld (LLVM's linker: it links the HSA code object)"},
}

// LookupAOTTool returns the entry of AOTTools named name.
func LookupAOTTool(name string) (AOTTool, bool) {
	for _, t := range AOTTools {
		if t.Name == name {
			return t, true
		}
	}
	return AOTTool{}, false
}

// aotToolNames lists the AOT tools for messages ("" as "none: JIT SPIR-V").
func aotToolNames() string {
	var names []string
	for _, t := range AOTTools {
		if t.Name != "" {
			names = append(names, t.Name)
		}
	}
	return "known: " + strings.Join(names, ", ") + "; none for JIT SPIR-V"
}

// TargetBackends returns, per descriptor target of AOTTools (in table order, each once),
// the backend whose devices load its images.
func TargetBackends() [][2]string {
	var out [][2]string
	seen := map[string]bool{}
	for _, t := range AOTTools {
		if !seen[t.WrapTarget] {
			seen[t.WrapTarget] = true
			out = append(out, [2]string{t.WrapTarget, t.Backend})
		}
	}
	return out
}

// FormatLabels name the image formats of AOTTools for people: the compatibility report
// and the test runtime's RSYCL_TRACE say the same words (runtime/sycl_tables.h).
var FormatLabels = map[string]string{"spirv": "SPIR-V", "llvmbc": "SPIR 1.2 bitcode", "native": "native binary"}

// ImageLabel says what a target's images are: the descriptor target and the format, e.g.
// "spir64, SPIR 1.2 bitcode" for pocl_cpu.
func ImageLabel(tool string) string {
	t, ok := LookupAOTTool(tool)
	if !ok {
		return tool
	}
	return t.WrapTarget + ", " + FormatLabels[t.Format]
}
