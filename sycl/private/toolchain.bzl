"""The sycl_toolchain rule: a device compiler family as a Bazel toolchain."""

load("//sycl/private:providers.bzl", "SyclFrontEndInfo", "SyclRuntimeInfo", "SyclToolchainInfo")
load("//toolchain:devices.bzl", "AOT_TOOLS")

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

def _aot_binaries(ctx):
    """The AOT tools' executables by their binary name (AOT_TOOLS' "binary", from Go)."""
    known = {t["binary"]: True for t in AOT_TOOLS.values() if t["binary"]}
    out = {}
    for name, attr_value, files in [
        ("llvm-spirv", ctx.attr.llvm_spirv, []),
        ("ocloc", ctx.attr.ocloc, ctx.files.ocloc_libs),
        ("opencl-aot", ctx.attr.opencl_aot, []),
        ("ptxas", ctx.attr.ptxas, []),
        ("lld", ctx.attr.lld, []),
    ]:
        f = _file(attr_value)
        if f:
            out[name] = struct(file = f, files = depset(files))
    for target, name in ctx.attr.aot_binaries.items():
        if name not in known:
            fail("aot_binaries: %s is named '%s', which no AOT tool runs (known: %s)" % (target.label, name, ", ".join(sorted(known.keys()))), attr = "aot_binaries")
        out[name] = struct(file = target.files.to_list()[0], files = target.files)
    return out

def _sycl_toolchain_impl(ctx):
    libs = depset(ctx.files.shared_libs)

    # The tools' libraries load more libraries by name (libLLVM: libedit, which loads
    # libbsd, ...); only the executables' RUNPATH points next to them. A remote worker
    # has none of these, so every tool action gets their directories.
    library_path = _library_path(ctx.files.shared_libs + ctx.files.ocloc_libs)
    if ctx.attr.front_end and (ctx.attr.family != "dpcpp" or not ctx.file.front_end_library):
        fail("front_end is DPC++'s device front end from its compiler library: it needs family = \"dpcpp\" and front_end_library", attr = "front_end")
    info = SyclToolchainInfo(
        family = ctx.attr.family,
        clang = ctx.executable.clang,
        llvm_link = ctx.executable.llvm_link,
        llvm_ar = _file(ctx.attr.llvm_ar),
        llc = ctx.executable.llc,
        llvm_as = ctx.executable.llvm_as,
        llvm_dis = ctx.executable.llvm_dis,
        opt = ctx.executable.opt,
        sycl_device = ctx.executable._sycl_device,
        spirv_val = _file(ctx.attr.spirv_val),
        aot_binaries = _aot_binaries(ctx),
        front_end = SyclFrontEndInfo(
            name = "dpcpp-jit" if ctx.attr.front_end else ctx.attr.family,
            jit = struct(
                executable = ctx.executable.front_end,
                library = ctx.file.front_end_library,
                files = depset(ctx.files.front_end_files + ctx.files.front_end_library),
            ) if ctx.attr.front_end else None,
            device_libs = ctx.files.device_libs,
            spirv_translator = _file(ctx.attr.spirv_translator),
            libclc = {"nvptx": _file(ctx.attr.libclc_nvptx), "amdgcn": _file(ctx.attr.libclc_amdgcn)},
            nvptx_builtins = _file(ctx.attr.nvptx_builtins),
        ),
        openmp = struct(runtime = _file(ctx.attr.libomp), files = ctx.files.libomp, include = ctx.files.openmp_include),
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
        "aot_binaries": attr.label_keyed_string_dict(doc = "More AOT tools' executables, each named as the AOT tool table names it (the aot verb's flag; toolchain/devices.bzl AOT_TOOLS' \"binary\"): its first file is run, all are inputs. The attributes llvm_spirv, ocloc, opencl_aot, ptxas and lld fill the same table.", allow_files = True, cfg = "exec"),
        "libclc_nvptx": attr.label(doc = "libclc's NVPTX library (nvptx64--.bc, optional): the math functions of kernels built for NVIDIA GPUs.", allow_single_file = [".bc"], cfg = "exec"),
        "nvptx_builtins": attr.label(doc = "rules_sycl's NVPTX __spirv_* builtins (bitcode), linked into NVIDIA images retargeted from SPIR code.", allow_single_file = [".bc"], cfg = "exec"),
        "libclc_amdgcn": attr.label(doc = "libclc's AMDGPU library (amdgcn-amd-amdhsa.bc, optional): the math functions of kernels built for AMD GPUs.", allow_single_file = [".bc"], cfg = "exec"),
        "spirv_translator": attr.label(doc = "A DPC++ install's llvm-spirv (optional, family dpcpp): writes the SPIR-V of every SPIR target with DPC++'s options instead of llc's SPIR-V back end.", **_optional_tool),
        "device_libs": attr.label_list(doc = "DPC++'s SYCL device libraries (libsycl-*.bc), in the order DPC++'s driver links them (family dpcpp): linked -only-needed into each device module after the device link.", allow_files = [".bc"], cfg = "exec"),
        "front_end": attr.label(doc = "The device front end of a dpcpp-family toolchain without icpx: rules_sycl's sycl-jit-fe, which runs DPC++'s SYCL front end from front_end_library (libsycl-jit of Intel's runtime wheel) on one TU. The clang attribute then compiles the host side only.", executable = True, cfg = "exec"),
        "front_end_library": attr.label(doc = "DPC++'s compiler library that front_end loads (libsycl-jit.so.N).", allow_single_file = True, cfg = "exec"),
        "front_end_files": attr.label_list(doc = "The libraries front_end_library loads (declared inputs of every front-end action).", allow_files = True, cfg = "exec"),
        "shared_libs": attr.label_list(doc = "Shared libraries the tools load.", allow_files = True, cfg = "exec"),
        "libomp": attr.label(doc = "LLVM's OpenMP runtime (optional): libomp.so.N first, then libomp.so, for -lomp. Linked into programs whose copts have -fopenmp, whose host code clang compiles (it calls __kmpc_*).", allow_files = True, cfg = "exec"),
        "openmp_include": attr.label_list(doc = "omp.h alone (optional): the device compiles of TUs with -fopenmp read it.", allow_files = True, cfg = "exec"),
        "resource_headers": attr.label_list(doc = "clang's resource headers.", allow_files = True, cfg = "exec"),
        # rules_sycl's own tool, which runs every step but the compilers (for the
        # toolchain's execution platform).
        "_sycl_device": attr.label(default = Label("//cmd/sycl-device"), executable = True, cfg = "exec"),
    },
    provides = [SyclToolchainInfo],
)

def find_sycl_toolchain(ctx):
    """The SYCL device compiler of ctx: DPC++'s for real SYCL code, else the resolved one.

    A DPC++ toolchain that resolution found (icpx) serves every target. Otherwise a
    target whose runtime is Intel's libsycl (its runtime attribute, else
    --@rules_sycl//sycl:runtime) is compiled by the front end that runtime brings (DPC++'s
    from Intel's runtime wheel): real SYCL 2020 code needs DPC++'s front end, whichever
    toolchain upstream clang registered. The rsycl runtime keeps the resolved toolchain
    (upstream clang with the rsycl API).

    Args:
      ctx: a rule context with TOOLCHAIN_TYPE in its toolchains (and runtime attributes).

    Returns:
      SyclToolchainInfo.
    """
    tc = ctx.toolchains[TOOLCHAIN_TYPE].sycl
    if tc.family == "dpcpp":
        return tc
    runtime = getattr(ctx.attr, "runtime", None) or getattr(ctx.attr, "_runtime_flag", None)
    info = runtime[SyclRuntimeInfo] if runtime and SyclRuntimeInfo in runtime else None
    if info and info.front_end:
        return info.front_end
    if info and info.front_end_unavailable:
        fail("%s: no DPC++ device front end for SYCL 2020 code: %s" % (ctx.label, info.front_end_unavailable))
    return tc

def sycl_device_tool(ctx):
    """The sycl-device executable of ctx's resolved SYCL toolchain.

    For actions that do not depend on which front end compiles (the traits header):
    every toolchain carries the same tool.

    Args:
      ctx: a rule context with TOOLCHAIN_TYPE in its toolchains.

    Returns:
      File.
    """
    return ctx.toolchains[TOOLCHAIN_TYPE].sycl.sycl_device

def front_end_name(tc):
    """What compiles a toolchain's device code: the key of its FRONT_ENDS record.

    Args:
      tc: a SyclToolchainInfo.

    Returns:
      string: "clang", "dpcpp" (icpx or intel/llvm's driver) or "dpcpp-jit" (DPC++'s front
      end from Intel's runtime wheel).
    """
    return tc.front_end.name
