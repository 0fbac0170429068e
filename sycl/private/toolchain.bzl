"""The sycl_toolchain rule: a device compiler family as a Bazel toolchain."""

load("//sycl/private:providers.bzl", "SyclToolchainInfo")

TOOLCHAIN_TYPE = str(Label("//toolchain:sycl_toolchain_type"))

def _file(attr):
    if not attr:
        return None
    files = attr.files.to_list()
    return files[0] if files else None

def _library_path(files):
    dirs = {}
    for f in files:
        if ".so" in f.basename:
            dirs[f.dirname] = True
    return ":".join(sorted(dirs.keys()))

def _sycl_toolchain_impl(ctx):
    libs = depset(ctx.files.shared_libs)

    # The tools' libraries load more libraries by name (libLLVM: libedit, which loads
    # libbsd, ...); only the executables' RUNPATH points next to them. A remote worker
    # has none of these, so every tool action gets their directories.
    library_path = _library_path(ctx.files.shared_libs + ctx.files.ocloc_libs)
    info = SyclToolchainInfo(
        family = ctx.attr.family,
        clang = ctx.executable.clang,
        llvm_link = ctx.executable.llvm_link,
        llvm_ar = _file(ctx.attr.llvm_ar),
        llc = ctx.executable.llc,
        llvm_as = ctx.executable.llvm_as,
        llvm_dis = ctx.executable.llvm_dis,
        opt = ctx.executable.opt,
        spirv_val = _file(ctx.attr.spirv_val),
        llvm_spirv = _file(ctx.attr.llvm_spirv),
        ocloc = _file(ctx.attr.ocloc),
        ocloc_files = depset(ctx.files.ocloc_libs),
        opencl_aot = _file(ctx.attr.opencl_aot),
        ptxas = _file(ctx.attr.ptxas),
        lld = _file(ctx.attr.lld),
        libclc = {"nvptx": _file(ctx.attr.libclc_nvptx), "amdgcn": _file(ctx.attr.libclc_amdgcn)},
        spirv_translator = _file(ctx.attr.spirv_translator),
        device_libs = ctx.files.device_libs,
        tool_files = libs,
        compile_files = depset(ctx.files.resource_headers, transitive = [libs]),
        env = {"LD_LIBRARY_PATH": library_path} if library_path else {},
    )
    return [platform_common.ToolchainInfo(sycl = info), info]

_tool = dict(executable = True, cfg = "exec", allow_files = True, mandatory = True)
_optional_tool = dict(cfg = "exec", allow_files = True)

sycl_toolchain = rule(
    implementation = _sycl_toolchain_impl,
    doc = "Describes a SYCL device compiler family and its LLVM tools. Wrap it in toolchain() with toolchain_type = @rules_sycl//toolchain:sycl_toolchain_type.",
    attrs = {
        "family": attr.string(values = ["clang", "dpcpp"], default = "clang", doc = "The compiler family: clang (upstream clang 22: rules_sycl's propagate and optimise steps after its device front end) or dpcpp (icpx or intel/llvm's clang++: DPC++'s phases, integration header and footer, device libraries; its front end propagates aspects itself)."),
        "clang": attr.label(doc = "clang++ (or icpx) driver.", **_tool),
        "llvm_link": attr.label(doc = "llvm-link.", **_tool),
        "llvm_ar": attr.label(doc = "llvm-ar (archives of host objects; default: the C++ toolchain's ar).", **_optional_tool),
        "llc": attr.label(doc = "llc.", **_tool),
        "llvm_as": attr.label(doc = "llvm-as.", **_tool),
        "llvm_dis": attr.label(doc = "llvm-dis.", **_tool),
        "opt": attr.label(doc = "opt.", **_tool),
        "spirv_val": attr.label(doc = "spirv-val (optional).", **_optional_tool),
        "llvm_spirv": attr.label(doc = "llvm-spirv (optional; SPIR-V to SPIR 1.2 for the PoCL device).", **_optional_tool),
        "ocloc": attr.label(doc = "ocloc, Intel's GPU offline compiler (optional).", **_optional_tool),
        "ocloc_libs": attr.label_list(doc = "The shared libraries ocloc loads (declared inputs of its actions).", allow_files = True, cfg = "exec"),
        "opencl_aot": attr.label(doc = "opencl-aot, Intel's CPU offline compiler (optional).", **_optional_tool),
        "ptxas": attr.label(doc = "ptxas (optional).", **_optional_tool),
        "lld": attr.label(doc = "ld.lld (optional): links AMD GPU targets' HSA code objects.", **_optional_tool),
        "libclc_nvptx": attr.label(doc = "libclc's NVPTX library (nvptx64--.bc, optional): the math functions of kernels built for NVIDIA GPUs.", allow_single_file = [".bc"], cfg = "exec"),
        "libclc_amdgcn": attr.label(doc = "libclc's AMDGPU library (amdgcn-amd-amdhsa.bc, optional): the math functions of kernels built for AMD GPUs.", allow_single_file = [".bc"], cfg = "exec"),
        "spirv_translator": attr.label(doc = "A DPC++ install's llvm-spirv (optional, family dpcpp): writes the SPIR-V of every SPIR target with DPC++'s options instead of llc's SPIR-V backend.", **_optional_tool),
        "device_libs": attr.label_list(doc = "DPC++'s SYCL device libraries (libsycl-*.bc), in the order DPC++'s driver links them (family dpcpp): linked -only-needed into each device module after the device link.", allow_files = [".bc"], cfg = "exec"),
        "shared_libs": attr.label_list(doc = "Shared libraries the tools load.", allow_files = True, cfg = "exec"),
        "resource_headers": attr.label_list(doc = "clang's resource headers.", allow_files = True, cfg = "exec"),
    },
    provides = [SyclToolchainInfo],
)

def find_sycl_toolchain(ctx):
    """Returns the SyclToolchainInfo resolved for ctx (a rule with TOOLCHAIN_TYPE in toolchains)."""
    return ctx.toolchains[TOOLCHAIN_TYPE].sycl
