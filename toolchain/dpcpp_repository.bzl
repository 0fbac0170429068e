"""@sycl_dpcpp: Intel's DPC++ runtime (libsycl, the SYCL headers, Unified Runtime, the CPU
OpenCL device) as a sycl_runtime target, from the first of:

1. the repository's `path` attribute (relative to the main workspace, or absolute);
2. `SYCL_DPCPP_ROOT`: a directory with include/sycl/sycl.hpp and lib/libsycl.so*;
3. `ONEAPI_ROOT`: its compiler/latest (a oneAPI install);
4. with `wheels = True`, Intel's PyPI wheels pinned in versions.bzl (DPCPP_WHEELS: URL and
   sha256), downloaded by Bazel and laid out by tools/dpcpp_wheels.py (Python 3);
5. nothing: `@sycl_dpcpp//:runtime` then fails at analysis, saying what to set, and only
   the targets that use it.

rules_sycl's own workspace sets `path = ".deps/sycl_dpcpp"`: tools/bootstrap.sh lays it
out from the PyPI wheels pinned in versions.bzl (DPCPP_WHEELS).

The same repository finds a DPC++ compiler: bin/icpx or bin/clang++ of the runtime's
root, else `icpx` on PATH, else a `clang++` on PATH whose install has include/sycl. A
candidate counts only if running it shows DPC++'s driver (`-fsycl -###` passes
-fsycl-int-header to its device compile; upstream clang has no integration header).
When one is found, `@sycl_dpcpp//:dpcpp_toolchain` is a dpcpp-family SYCL toolchain of
it, its LLVM tools (the install's, else @sycl_llvm's), its llvm-spirv, ocloc and
opencl-aot where present, and its device libraries (lib/libsycl-*.bc);
rules_sycl_register_toolchains() registers it ahead of upstream clang's. Without one,
the package declares no toolchain and nothing changes.
"""

load("//:versions.bzl", "DPCPP_JIT", "DPCPP_WHEELS")

# DPC++'s SYCL device libraries, in the order its driver links them after the device
# link (llvm-link -only-needed; its driver tests list this order). An install ships
# those of its version: the toolchain takes the ones present.
DPCPP_DEVICE_LIBS = [
    "crt",
    "complex",
    "complex-fp64",
    "cmath",
    "cmath-fp64",
    "imf",
    "imf-fp64",
    "imf-bf16",
    "fallback-cassert",
    "fallback-cstring",
    "fallback-complex",
    "fallback-complex-fp64",
    "fallback-cmath",
    "fallback-cmath-fp64",
    "fallback-imf",
    "fallback-imf-fp64",
    "fallback-imf-bf16",
]

# The LLVM tools a sycl_toolchain needs, looked up in the install's bin/ and bin/compiler/
# (oneAPI keeps some there); @sycl_llvm's serve where the install has none.
_LLVM_TOOLS = ["llvm-link", "llc", "llvm-as", "llvm-dis", "opt", "llvm-ar"]
_OPTIONAL_TOOLS = {"llvm-spirv": "spirv_translator", "ocloc": "ocloc", "opencl-aot": "opencl_aot"}

def _from_wheels(rctx):
    """Downloads the pinned wheels and lays them out in root/.

    The wheels come from their PyPI URLs, or by file name from wheel_mirror (the
    attribute, else SYCL_DPCPP_WHEEL_MIRROR).

    Args:
      rctx: the repository context.

    Returns:
      "root", the layout's path in the repository.
    """
    for name in sorted(DPCPP_WHEELS):
        w = DPCPP_WHEELS[name]
        url = w["url"]
        mirror = rctx.attr.wheel_mirror or rctx.os.environ.get("SYCL_DPCPP_WHEEL_MIRROR", "")
        if mirror:
            url = mirror.rstrip("/") + "/" + w["file"]
        rctx.report_progress("Downloading %s %s (Intel's DPC++ runtime)" % (name, w["version"]))
        rctx.download(url = url, output = "wheels/" + w["file"], sha256 = w["sha256"])
    rctx.report_progress("Laying out Intel's DPC++ runtime from its wheels")
    r = rctx.execute([
        "python3",
        str(rctx.path(Label("//tools:dpcpp_wheels.py"))),
        "--versions",
        str(rctx.path(Label("//:versions.bzl"))),
        "--from-dir",
        "wheels",
        "--out",
        "root",
    ], timeout = 600)
    if r.return_code != 0:
        fail("sycl_dpcpp_repository: laying out the wheels failed:\n" + r.stderr + r.stdout)
    rctx.delete("wheels")
    return "root"

def _candidates(rctx):
    out = []
    if rctx.attr.path:
        p = rctx.attr.path
        if not p.startswith("/"):
            p = str(rctx.path(Label("@//:WORKSPACE")).dirname) + "/" + p
        out.append(("path = \"%s\"" % rctx.attr.path, p))
    if rctx.os.environ.get("SYCL_DPCPP_ROOT"):
        out.append(("SYCL_DPCPP_ROOT", rctx.os.environ["SYCL_DPCPP_ROOT"]))
    if rctx.os.environ.get("ONEAPI_ROOT"):
        out.append(("ONEAPI_ROOT", rctx.os.environ["ONEAPI_ROOT"] + "/compiler/latest"))
    icpx = rctx.which("icpx")
    if icpx:
        out.append(("icpx on PATH", str(icpx.dirname.dirname)))
    return out

def _is_root(d):
    return d.get_child("include").get_child("sycl").get_child("sycl.hpp").exists and d.get_child("lib").exists

def _libsycl_major(lib):
    """The highest N of lib/libsycl.so.N (0 if only libsycl.so)."""
    best = 0
    for f in lib.readdir():
        name = f.basename
        if name.startswith("libsycl.so."):
            digits = name[len("libsycl.so."):].split(".")[0]
            if digits.isdigit() and int(digits) > best:
                best = int(digits)
    return best

def _find_file(lib, names):
    for n in names:
        if lib.get_child(n).exists:
            return n
    return ""

def _unavailable(rctx, why):
    rctx.file("BUILD.bazel", """load("@rules_sycl//sycl:defs.bzl", "sycl_runtime", "sycl_toolchain")

sycl_runtime(
    name = "runtime",
    kind = "dpcpp",
    unavailable = {why},
    visibility = ["//visibility:public"],
)

sycl_runtime(
    name = "runtime_upstream_clang",
    kind = "dpcpp",
    unavailable = {why},
    visibility = ["//visibility:public"],
)
""".format(why = repr(why)) + _compiler_section(rctx, None))

def _find_root(rctx):
    """The DPC++ runtime's root: the first candidate that has one, else the wheels'.

    Returns:
      (path or None, why there is none).
    """
    tried = []
    for what, p in _candidates(rctx):
        d = rctx.path(p)
        if _is_root(d):
            return d, ""
        tried.append("%s (%s): no include/sycl/sycl.hpp and lib/" % (what, p))
    if rctx.attr.wheels:
        return rctx.path(_from_wheels(rctx)), ""
    return None, ("no DPC++ runtime found. Set SYCL_DPCPP_ROOT to a directory with include/sycl/sycl.hpp and lib/libsycl.so* (or ONEAPI_ROOT to a oneAPI install), or declare sycl_dpcpp_repository(name = \"sycl_dpcpp\", wheels = True) to download Intel's wheels" +
                  ("; tried " + "; ".join(tried) if tried else "") + ". In rules_sycl's own workspace, run tools/bootstrap.sh.")

def _runtime_attrs(numbering, image_version, libsycl, icd):
    """The attributes both sycl_runtime targets of the repository share (BUILD text)."""
    return """    hdrs = glob(["include/**"]),
    includes = ["include"],
    aspect_numbering = {numbering},
    image_version = {image_version},
    kind = "dpcpp",
    shared_libraries = ["lib/{libsycl}"],
    # What libsycl loads by name (the Unified Runtime loader and the libraries it needs):
    # the linker checks libsycl's symbols against them.
    link_inputs = glob(["lib/libur_loader.so*", "lib/libimf.so", "lib/libsvml.so", "lib/libirng.so", "lib/libintlc.so*"]),
    data = glob(
        ["lib/*.so*", "lib/*.rtl", "lib/*.o", "lib/*.cfg"],
        exclude = ["lib/{libsycl}", "lib/libsycl-jit*", "lib/libsycl-preview*", "lib/*.py", "lib/libur_adapter_level_zero*", "lib/libur_sanitizer*", "lib/icx-lto.so"],
    ),
    {icd}visibility = ["//visibility:public"],""".format(
        image_version = image_version,
        numbering = repr(numbering),
        libsycl = libsycl,
        icd = "opencl_icd = \"lib/%s\",\n    " % icd if icd else "",
    )

def _sycl_dpcpp_repository_impl(rctx):
    root, why = _find_root(rctx)
    if not root:
        _unavailable(rctx, why)
        return
    lib = root.get_child("lib")
    major = _libsycl_major(lib)
    libsycl = "libsycl.so.%d" % major if major else "libsycl.so"
    if not lib.get_child(libsycl).exists:
        _unavailable(rctx, "%s has no lib/libsycl.so" % root)
        return
    if str(root) != str(rctx.path("root")):
        rctx.symlink(root.get_child("include"), "include")
        rctx.symlink(lib, "lib")
    else:
        # Laid out from the wheels inside the repository: move, not link.
        rctx.execute(["mv", "root/include", "root/lib", "root/VERSION", "."])
        root = rctx.path(".")
        lib = root.get_child("lib")
    icd = _find_file(lib, ["libintelocl.so"])
    version = ""
    if root.get_child("VERSION").exists:
        lines = rctx.read(root.get_child("VERSION")).strip().split("\n")
        sycl = [line for line in lines if line.startswith("intel-sycl-rt ")]
        version = (sycl or lines)[0]

    # DPC++ 2026 (libsycl.so.9) dropped the manifest pointers from its image struct and
    # renumbered sycl::aspect.
    image_version = 3 if major >= 9 else 2
    numbering = "dpcpp2026" if major >= 9 else ""
    jit_build, jit_unavailable = _jit_front_end(rctx, lib, version)
    runtime_attrs = _runtime_attrs(numbering, image_version, libsycl, icd)

    # The wheel's front end: rules_sycl's device library, whose host side (the
    # sycl::ext::intel::math functions a kernel's body calls there too) programs link.
    front_end = "    front_end = \":dpcpp_jit\",\n    deps = [\"@rules_sycl//toolchain/devicelib:host\"],\n" if jit_build else "    front_end_unavailable = %s,\n" % repr(jit_unavailable)
    rctx.file("BUILD.bazel", """load("@rules_cc//cc:defs.bzl", "cc_library")
load("@rules_sycl//sycl:defs.bzl", "sycl_runtime", "sycl_toolchain")
load("@rules_sycl//toolchain:host.bzl", "host_sycl_toolchain")

# Laid out by @rules_sycl//toolchain:dpcpp_repository.bzl from {root}.
# SYCL 2020 code: compiled by DPC++'s front end (icpx where one is registered, otherwise
# the wheel's compiler library, :dpcpp_jit), linked with libsycl.
sycl_runtime(
    name = "runtime",
    description = {description},
{front_end}{attrs}
)

# The same runtime for device code written against rules_sycl's rsycl API
# (rsycl/sycl_dpcpp.hpp, RSYCL_KERNEL) and compiled by upstream clang.
sycl_runtime(
    name = "runtime_upstream_clang",
    description = {description},
{attrs}
)

exports_files(glob(["lib/**"]) + [
    "include/sycl/info/aspects.def",
    "include/sycl/info/aspects_deprecated.def",
])

# Unified Runtime's interface as this runtime's loader has it, and its memory framework
# (UMF): what @sycl_ur_cuda's CUDA adapter is compiled and linked with.
cc_library(
    name = "unified_runtime",
    srcs = glob(["lib/libumf.so.1"]),
    hdrs = glob(["include/unified-runtime/**", "include/umf.h", "include/umf/**"]),
    includes = ["include/unified-runtime", "include"],
    visibility = ["//visibility:public"],
)
""".format(
        root = root,
        description = repr("DPC++ libsycl (%s)" % (version or libsycl)),
        front_end = front_end,
        attrs = runtime_attrs,
    ) + jit_build + _compiler_section(rctx, root if str(root) != str(rctx.path(".")) else None))

def _jit_front_end(rctx, lib, version):
    """DPC++'s device front end from the runtime's compiler library (versions.bzl DPCPP_JIT).

    Args:
      rctx: the repository context.
      lib: the runtime's lib directory.
      version: the runtime's VERSION line ("intel-sycl-rt 2026.1.2"), or "".

    Returns:
      (string, string): the BUILD text of the :dpcpp_jit toolchain, or "" and why there is none.
    """
    want = "%s %s" % (DPCPP_JIT["wheel"], DPCPP_JIT["version"])
    name = DPCPP_JIT["library"]
    if not lib.get_child(name).exists:
        return "", "the DPC++ runtime at %s has no lib/%s, DPC++'s device front end of %s (rules_sycl's versions.bzl DPCPP_JIT): install icpx (oneAPI), or use Intel's wheels (sycl_dpcpp_repository(wheels = True))" % (lib.dirname, name, want)
    if version != want:
        return "", "lib/%s of the DPC++ runtime at %s comes from %s, not %s, whose interface rules_sycl's sycl-jit-fe was written for (versions.bzl DPCPP_JIT)" % (name, lib.dirname, version or "an unknown version", want)
    check = rctx.execute(["python3", "-c", "import ctypes, sys; lib = ctypes.CDLL(sys.argv[1]); getattr(lib, sys.argv[2])", str(lib.get_child(name)), DPCPP_JIT["entry_point"]], timeout = 120)
    if check.return_code != 0:
        lines = (check.stderr.strip() or check.stdout.strip() or "python3 failed").split("\n")
        return "", "%s of %s does not load or does not export %s: %s" % (name, want, DPCPP_JIT["entry_point"], lines[-1])
    return """
# DPC++'s device front end from {want}'s compiler library (intel/llvm {commit}; rules_sycl's
# sycl-jit-fe loads it and calls {entry}); the host side and the later steps use
# @sycl_llvm's clang/LLVM.
host_sycl_toolchain(
    name = "dpcpp_jit",
    family = "dpcpp",
    front_end = "@rules_sycl//toolchain/dpcpp_jit:sycl-jit-fe",
    front_end_files = glob(["lib/libimf.so", "lib/libsvml.so", "lib/libirng.so", "lib/libintlc.so*"]),
    front_end_library = "lib/{name}",
    # The wheel ships no libsycl-*.bc: rules_sycl's own device library instead.
    device_libs = ["@rules_sycl//toolchain/devicelib:devicelib.bc"],
    # NVIDIA targets: the SPIR code retargeted and linked with rules_sycl's builtins.
    nvptx_builtins = "@rules_sycl//toolchain/nvptx:spirv_builtins",
    visibility = ["//visibility:public"],
)
""".format(want = want, commit = DPCPP_JIT["intel_llvm_commit"], entry = DPCPP_JIT["entry_point"], name = name), ""

def _is_dpcpp_driver(rctx, compiler):
    """Whether compiler runs and is DPC++'s driver (its SYCL device compile writes an integration header)."""
    r = rctx.execute([str(compiler), "-fsycl", "-###", "-c", "-x", "c++", "/dev/null", "-o", "/dev/null"], timeout = 60)
    return r.return_code == 0 and "-fsycl-int-header" in r.stderr + r.stdout

def _find_compiler(rctx, root):
    """The DPC++ driver (a path) and what found it, or (None, [what was tried])."""
    candidates = []
    if root:
        candidates += [("%s/bin/icpx" % root, root.get_child("bin").get_child("icpx")), ("%s/bin/clang++" % root, root.get_child("bin").get_child("clang++"))]
    icpx = rctx.which("icpx")
    if icpx:
        candidates.append(("icpx on PATH", icpx))
    clang = rctx.which("clang++")
    if clang and clang.dirname.dirname.get_child("include").get_child("sycl").get_child("sycl.hpp").exists:
        candidates.append(("clang++ on PATH", clang))
    tried = []
    for what, c in candidates:
        if not c.exists:
            continue
        if _is_dpcpp_driver(rctx, c):
            return c, what
        tried.append(what)
    return None, tried

def _tool_label(rctx, bindir, tool):
    """//:bin/<tool> linked from the install (bin/ or bin/compiler/), or None."""
    for d in (bindir, bindir.get_child("compiler")):
        if d.get_child(tool).exists:
            rctx.symlink(d.get_child(tool), "bin/" + tool)
            return "//:bin/" + tool
    found = rctx.which(tool) if tool == "ocloc" else None
    if found:
        rctx.symlink(found, "bin/" + tool)
        return "//:bin/" + tool
    return None

def _toolchain_build(rctx, compiler, what):
    """The BUILD text of the dpcpp-family toolchain of compiler (and links its files)."""
    bindir = compiler.dirname
    install = bindir.dirname
    rctx.symlink(compiler, "bin/" + compiler.basename)
    attrs = {"clang": "//:bin/" + compiler.basename}
    for tool in _LLVM_TOOLS:
        attrs[tool.replace("-", "_")] = _tool_label(rctx, bindir, tool) or "@sycl_llvm//:bin/" + tool
    for tool, attr in _OPTIONAL_TOOLS.items():
        label = _tool_label(rctx, bindir, tool)
        if label:
            attrs[attr] = label
    libs = []
    for name in DPCPP_DEVICE_LIBS:
        f = install.get_child("lib").get_child("libsycl-%s.bc" % name)
        if f.exists:
            rctx.symlink(f, "devicelib/libsycl-%s.bc" % name)
            libs.append("//:devicelib/libsycl-%s.bc" % name)
    lines = ["    %s = %s," % (k, repr(attrs[k])) for k in sorted(attrs)]
    return """
# The DPC++ compiler found by {what}: {compiler}.
sycl_toolchain(
    name = "dpcpp",
    family = "dpcpp",
{attrs}
    device_libs = {libs},
    visibility = ["//visibility:public"],
)

toolchain(
    name = "dpcpp_toolchain",
    exec_compatible_with = ["@platforms//os:linux"],
    toolchain = ":dpcpp",
    toolchain_type = "@rules_sycl//toolchain:sycl_toolchain_type",
)
""".format(what = what, compiler = compiler, attrs = "\n".join(lines), libs = repr(libs))

def _compiler_section(rctx, root):
    compiler, what = _find_compiler(rctx, root)
    if not compiler:
        tried = ("; not DPC++'s driver: " + ", ".join(what)) if what else ""
        return "\n# No DPC++ compiler found (icpx or intel/llvm's clang++)%s: no toolchain here.\n" % tried
    return _toolchain_build(rctx, compiler, what)

sycl_dpcpp_repository = repository_rule(
    implementation = _sycl_dpcpp_repository_impl,
    doc = "Intel's DPC++ runtime as `@<name>//:runtime` (a sycl_runtime): an explicit path, SYCL_DPCPP_ROOT, ONEAPI_ROOT, or Intel's PyPI wheels (wheels = True); and a DPC++ compiler, when one is found, as `@<name>//:dpcpp_toolchain` (family dpcpp).",
    attrs = {
        "path": attr.string(doc = "The runtime's root (include/, lib/), relative to the main workspace or absolute; tried first."),
        "wheels": attr.bool(doc = "When no install is found: download the wheels pinned in versions.bzl (DPCPP_WHEELS) and lay them out (needs python3)."),
        "wheel_mirror": attr.string(doc = "A base URL (http(s):// or file://) that holds the pinned wheel files by name, instead of their PyPI URLs (default: the SYCL_DPCPP_WHEEL_MIRROR environment variable, e.g. a company mirror)."),
    },
    environ = ["SYCL_DPCPP_ROOT", "ONEAPI_ROOT", "PATH", "SYCL_DPCPP_WHEEL_MIRROR"],
    local = True,
)
