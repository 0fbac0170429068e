"""Repository rule that finds clang/LLVM 22 on the host and exposes its tools as labels.

The tools are symlinked into the repository together with the shared libraries they load
(found with ldd) and clang's resource headers, so that actions declare every file they
read. `SYCL_CLANG_ROOT` (an LLVM install prefix holding bin/clang++) overrides the search.

Intel's offline compiler `ocloc` is found on PATH, or at `SYCL_OCLOC` (its path, e.g. in a
oneAPI install). It loads most of its libraries with dlopen, so they are found by running
it once on a tiny SPIR-V module with LD_DEBUG=files; with the compiler libraries next to
them that a SPIR-V compile may skip (libigdfcl, libopencl-clang, libigdgmm, libiga), and
everything these load (ldd), they become `@sycl_llvm//:ocloc_libs`, inputs of every ocloc
action.

NVIDIA's `ptxas` is found at `SYCL_PTXAS` (its path), on PATH, under `CUDA_PATH`, or in
/usr/local/cuda/bin. With it, NVIDIA targets embed a cubin next to their PTX.
"""

_REQUIRED_TOOLS = ["clang++", "llvm-link", "llc", "llvm-as", "llvm-dis", "opt", "llvm-ar"]

# Found in the LLVM prefix when present; targets that need them fail with a clear message
# when they are missing.
_OPTIONAL_TOOLS = ["FileCheck", "ld.lld", "llvm-readobj", "llvm-spirv", "llvm-split", "llvm-extract"]

# Found on PATH (other Debian packages).
_OPTIONAL_PATH_TOOLS = {
    "llvm-spirv-15": "llvm-spirv-15",
    "spirv-dis": "spirv-dis",
    "spirv-val": "spirv-val",
}

_DEFAULT_ROOTS = ["/usr/lib/llvm-22"]

def find_llvm_root(rctx):
    """The LLVM 22 install prefix: SYCL_CLANG_ROOT, /usr/lib/llvm-22, or clang++-22 on PATH.

    Args:
      rctx: the repository context.

    Returns:
      (prefix, how it was found).
    """
    env_root = rctx.os.environ.get("SYCL_CLANG_ROOT", "")
    if env_root:
        if not rctx.path(env_root + "/bin/clang++").exists:
            fail("rules_sycl: SYCL_CLANG_ROOT=%s has no bin/clang++" % env_root)
        return env_root, "SYCL_CLANG_ROOT"
    for root in _DEFAULT_ROOTS:
        if rctx.path(root + "/bin/clang++").exists:
            return root, "default location"
    clangxx = rctx.which("clang++-22")
    if clangxx:
        res = rctx.execute(["readlink", "-f", str(clangxx)])
        if res.return_code == 0:
            return str(rctx.path(res.stdout.strip()).dirname.dirname), "PATH"
    fail("rules_sycl: cannot find clang++ 22 (looked in %s and for clang++-22 on PATH). " % ", ".join(_DEFAULT_ROOTS) +
         "Install Debian's clang-22 and llvm-22 (tools/bootstrap.sh does) or set SYCL_CLANG_ROOT to an LLVM prefix.")

def _shared_libs(rctx, binary):
    """The absolute paths of the shared libraries binary loads, the C runtime's excepted.

    Args:
      rctx: the repository context.
      binary: the path of an executable or library.

    Returns:
      list of string.
    """
    res = rctx.execute(["ldd", binary])
    if res.return_code != 0:
        return []
    libs = []
    for line in res.stdout.splitlines():
        parts = line.strip().split(" => ")
        if len(parts) != 2:
            continue
        path = parts[1].split(" (")[0].strip()
        name = parts[0].strip()
        if not path.startswith("/"):
            continue
        if name.startswith(_SYSTEM_LIBS):
            continue
        libs.append(path)
    return libs

# System libraries every remote-execution image has; never declared.
_SYSTEM_LIBS = ("libc.so", "libm.so", "libgcc_s.so", "libstdc++.so", "libpthread.so", "libdl.so", "librt.so", "ld-linux")

# Libraries of Intel's graphics compiler that ocloc may dlopen without a SPIR-V compile
# needing them (the OpenCL C front end, the memory manager, the assembler).
_OCLOC_SIBLINGS = ("libigdfcl.so", "libopencl-clang.so", "libigdgmm.so", "libiga64.so")

_TINY_KERNEL = """target triple = "spirv64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %p) {
  store i32 1, ptr addrspace(1) %p, align 4
  ret void
}
"""

def _find_tool(rctx, env, name):
    """A tool's path: the environment variable env (which must exist), else PATH, else ""."""
    path = rctx.os.environ.get(env, "")
    if path:
        if not rctx.path(path).exists:
            fail("rules_sycl: %s=%s does not exist" % (env, path))
        return path
    found = rctx.which(name)
    return str(found) if found else ""

def _ptxas(rctx):
    """Finds ptxas: its path and version line, or None."""
    path = _find_tool(rctx, "SYCL_PTXAS", "ptxas")
    if not path:
        cuda = rctx.os.environ.get("CUDA_PATH", "")
        for c in ([cuda + "/bin/ptxas"] if cuda else []) + ["/usr/local/cuda/bin/ptxas"]:
            if rctx.path(c).exists:
                path = c
                break
    if not path:
        return None
    res = rctx.execute([path, "--version"])
    if res.return_code != 0:
        fail("rules_sycl: %s --version failed: %s" % (path, res.stderr))
    version = [line for line in res.stdout.splitlines() if line.startswith("Cuda compilation tools")]
    return path, (version[0] if version else "unknown version")

def _ocloc(rctx, llc):
    """Finds ocloc: (path, {name: library path}, version), or None."""
    path = _find_tool(rctx, "SYCL_OCLOC", "ocloc")
    if not path:
        return None
    rctx.file("ocloc_probe/k.ll", _TINY_KERNEL)
    res = rctx.execute([llc, "-mtriple=spirv64-unknown-unknown", "-filetype=obj", "ocloc_probe/k.ll", "-o", "ocloc_probe/k.spv"])
    if res.return_code != 0:
        fail("rules_sycl: llc could not make the SPIR-V probe for ocloc: %s" % res.stderr)
    res = rctx.execute(
        [path, "-q", "compile", "-file", "ocloc_probe/k.spv", "-spirv_input", "-device", "tgllp", "-output", "ocloc_probe/k.bin", "-output_no_suffix"],
        environment = {"LD_DEBUG": "files"},
    )
    if res.return_code != 0:
        fail("rules_sycl: %s cannot compile a SPIR-V kernel (is libllvmspirvlib14 installed?): %s" % (path, (res.stdout + res.stderr)[-400:]))
    libs = {}
    for line in (res.stdout + "\n" + res.stderr).splitlines():
        if "calling init: " in line:
            lib = line.split("calling init: ")[-1].strip()
            if lib.startswith("/") and not lib.split("/")[-1].startswith(_SYSTEM_LIBS):
                libs[lib.split("/")[-1]] = lib
    dirs = {lib.rsplit("/", 1)[0]: True for lib in libs.values()}
    for d in dirs:
        for sibling in _OCLOC_SIBLINGS:
            res = rctx.execute(["sh", "-c", "ls %s/%s* 2>/dev/null" % (d, sibling)])
            for lib in res.stdout.splitlines():
                libs[lib.split("/")[-1]] = lib
    for lib in list(libs.values()):
        for dep in _shared_libs(rctx, lib):
            libs[dep.split("/")[-1]] = dep
    rctx.execute(["sh", "-c", "cd ocloc_probe && %s query OCL_DRIVER_VERSION >/dev/null 2>&1" % path])
    version = rctx.read("ocloc_probe/OCL_DRIVER_VERSION").replace("\0", "").strip() if rctx.path("ocloc_probe/OCL_DRIVER_VERSION").exists else "unknown"
    rctx.delete("ocloc_probe")
    return path, libs, version

def link_libraries(rctx, root, major, binaries):
    """Symlinks into lib/ the shared libraries binaries load, and clang's resource directory.

    Args:
      rctx: the repository context.
      root: the LLVM prefix.
      major: clang's major version.
      binaries: the paths of the executables.
    """
    libs = {}
    for src in binaries:
        for lib in _shared_libs(rctx, src):
            libs[lib.split("/")[-1]] = lib
    for name, lib in sorted(libs.items()):
        rctx.symlink(lib, "lib/" + name)
    resource = "%s/lib/clang/%s" % (root, major)
    if not rctx.path(resource + "/include").exists:
        fail("rules_sycl: clang resource headers not found at %s/include" % resource)
    rctx.symlink(resource, "lib/clang/" + major)

def clang_major(rctx, clangxx):
    """clang's major version and its version line.

    Args:
      rctx: the repository context.
      clangxx: the path of clang++.

    Returns:
      (major as a string, the first line of --version).
    """
    res = rctx.execute([clangxx, "--version"])
    if res.return_code != 0:
        fail("rules_sycl: %s --version failed: %s" % (clangxx, res.stderr))
    first = res.stdout.splitlines()[0]
    for word in first.split(" "):
        if word and word[0].isdigit() and "." in word:
            return word.split(".")[0], first
    fail("rules_sycl: cannot read the version of %s: %s" % (clangxx, first))

def _tool_entry(name, present, comment = ""):
    """The BUILD lines of tool bin/<name>: exported and a filegroup, or an empty filegroup.

    Args:
      name: the tool's name in the repository.
      present: whether bin/<name> exists.
      comment: a line said about it (where it came from).

    Returns:
      list of string.
    """
    if not present:
        return ['filegroup(name = "%s", srcs = [])' % name]
    lines = ["# " + comment] if comment else []
    return lines + ['exports_files(["bin/%s"])' % name, 'filegroup(name = "%s", srcs = ["bin/%s"])' % (name, name)]

# libclc's OpenCL built-ins for NVIDIA and AMD GPUs (Debian's libclc-22): device math.
_LIBCLC = {"libclc_nvptx": "nvptx64--.bc", "libclc_amdgcn": "amdgcn-amd-amdhsa.bc"}

def _libclc(rctx, root):
    """Links libclc's NVPTX and AMDGPU libraries; their filegroups (empty when missing)."""
    dirs = [root + "/lib/clc", root + "/share/clc", "/usr/lib/clc", "/usr/share/clc"]
    entries = []
    for name, file in sorted(_LIBCLC.items()):
        found = [d for d in dirs if rctx.path(d + "/" + file).exists]
        if found:
            rctx.symlink(found[0] + "/" + file, "clc/" + file)
            entries.append("# %s/%s (libclc)" % (found[0], file))
            entries.append('filegroup(name = "%s", srcs = ["clc/%s"])' % (name, file))
        else:
            entries.append('filegroup(name = "%s", srcs = [])' % name)
    return entries

def _openmp(rctx, root, major):
    """Links LLVM's OpenMP runtime (libomp-22-dev) and omp.h; their filegroups (empty when missing).

    The SYCL host compile of a GCC C++ toolchain is clang's, whose OpenMP code calls
    libomp (__kmpc_*): a program with -fopenmp links it (openmp_runtime), and its device
    compile reads omp.h from a directory of its own (openmp_include), not clang's whole
    resource directory.
    """
    lib = rctx.path(root + "/lib/libomp.so")
    header = rctx.path("%s/lib/clang/%s/include/omp.h" % (root, major))
    if not lib.exists or not header.exists:
        return [
            "# No LLVM OpenMP runtime at %s/lib/libomp.so (Debian: libomp-%s-dev)." % (root, major),
            'filegroup(name = "libomp", srcs = [])',
            'filegroup(name = "openmp_include", srcs = [])',
        ]
    soname = lib.realpath.basename
    rctx.symlink(lib.realpath, "openmp/lib/" + soname)
    rctx.symlink(lib.realpath, "openmp/lib/libomp.so")  # for -lomp (clang's -fopenmp link)
    rctx.symlink(header, "openmp/include/omp.h")
    return [
        "# LLVM's OpenMP runtime: %s (%s, and libomp.so for -lomp) and omp.h." % (lib, soname),
        'filegroup(name = "libomp", srcs = ["openmp/lib/%s", "openmp/lib/libomp.so"])' % soname,
        'filegroup(name = "openmp_include", srcs = ["openmp/include/omp.h"])',
    ]

def _sycl_llvm_repository_impl(rctx):
    root, how = find_llvm_root(rctx)
    missing = [t for t in _REQUIRED_TOOLS if not rctx.path(root + "/bin/" + t).exists]
    if missing:
        fail("rules_sycl: the LLVM install at %s (%s) lacks %s" % (root, how, ", ".join(missing)))
    major, version_line = clang_major(rctx, root + "/bin/clang++")

    tools = {}
    for t in _REQUIRED_TOOLS + _OPTIONAL_TOOLS:
        src = root + "/bin/" + t
        if rctx.path(src).exists:
            rctx.symlink(src, "bin/" + t)
            tools[t] = src
    for name, exe in _OPTIONAL_PATH_TOOLS.items():
        found = rctx.which(exe)
        if found:
            rctx.symlink(found, "bin/" + name)
            tools[name] = str(found)

    link_libraries(rctx, root, major, tools.values())

    # Optional tools are always labels: an empty filegroup when not installed, so rules can
    # say which tool is missing instead of failing on an unknown label.
    entries = []
    for t in sorted(tools):
        entries += _tool_entry(t, True)
    ocloc = _ocloc(rctx, root + "/bin/llc")
    ocloc_version = ""
    if ocloc:
        path, ocloc_libs, ocloc_version = ocloc
        rctx.symlink(path, "bin/ocloc")
        for name, lib in sorted(ocloc_libs.items()):
            rctx.symlink(lib, "ocloc_lib/" + name)
        entries += _tool_entry("ocloc", True, "ocloc %s (%s) and the %d libraries it loads." % (ocloc_version, path, len(ocloc_libs)))
        entries.append('filegroup(name = "ocloc_libs", srcs = glob(["ocloc_lib/*"]))')
    else:
        entries += _tool_entry("ocloc", False)
        entries.append('filegroup(name = "ocloc_libs", srcs = [])')
    for t in sorted(_OPTIONAL_TOOLS + _OPTIONAL_PATH_TOOLS.keys()):
        if t not in tools:
            entries += _tool_entry(t, False)
    entries += _libclc(rctx, root)
    entries += _openmp(rctx, root, major)
    opencl_aot = rctx.which("opencl-aot")
    if opencl_aot:
        rctx.symlink(opencl_aot, "bin/opencl-aot")
    entries += _tool_entry("opencl-aot", opencl_aot != None)
    ptxas = _ptxas(rctx)
    ptxas_version = ""
    if ptxas:
        rctx.symlink(ptxas[0], "bin/ptxas")
        ptxas_version = ptxas[1]
    entries += _tool_entry("ptxas", ptxas != None, "ptxas: %s (%s)" % (ptxas[0], ptxas_version) if ptxas else "")
    rctx.template("BUILD.bazel", Label("//toolchain:llvm.BUILD.tpl"), substitutions = {
        "%{root}": "%s (%s)" % (root, how),
        "%{version_line}": version_line,
        "%{major}": major,
        "%{tools}": "\n".join(entries),
    }, executable = False)
    rctx.file("WORKSPACE", 'workspace(name = "%s")\n' % rctx.name)
    rctx.file("tools.bzl", "\n".join([
        '"""What sycl_llvm_repository found."""',
        'CLANG_MAJOR = "%s"' % major,
        "TOOLS = %s" % repr(sorted(tools.keys())),
        'OCLOC_VERSION = "%s"' % ocloc_version,
        'PTXAS_VERSION = "%s"' % ptxas_version,
        "",
    ]))

sycl_llvm_repository = repository_rule(
    implementation = _sycl_llvm_repository_impl,
    environ = ["SYCL_CLANG_ROOT", "SYCL_OCLOC", "SYCL_PTXAS", "CUDA_PATH", "PATH"],
    local = True,
    doc = "Finds clang/LLVM 22 and exposes clang++, llvm-link, llc, llvm-as, llvm-dis, opt (and spirv-val, llvm-spirv-15, FileCheck when installed).",
)
