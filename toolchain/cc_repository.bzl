"""sycl_cc_repository: a hermetic C++ toolchain of the host's clang/LLVM 22, lld and a sysroot.

@sycl_cc holds everything a C++ compile or link reads, as files of the repository:

- bin/: clang, ld.lld and the LLVM binutils (llvm-ar, llvm-nm, ...), from the same LLVM
  prefix as @sycl_llvm (SYCL_CLANG_ROOT overrides the search);
- lib/: the shared libraries they load (found with ldd) and clang's resource headers;
- sysroot/: the C and C++ standard libraries: glibc's, Linux's and libstdc++'s headers,
  the CRT objects, libgcc, and the libraries a link names (libc, libm, libstdc++,
  libgcc_s, libOpenCL). On Debian and Ubuntu they are the files of the packages that own
  them (dpkg), laid out as on the host, so clang's --sysroot finds them where it expects;
  SYCL_SYSROOT (a directory with usr/include and usr/lib) replaces that with a sysroot of
  your own, e.g. one unpacked from a container image.

Register it with rules_sycl_register_cc_toolchain() (WORKSPACE) or
register_toolchains("@sycl_cc//:all") (MODULE.bazel); on Bazel before 7 also pass
--incompatible_enable_cc_toolchain_resolution.
"""

load("//toolchain:llvm_repository.bzl", "clang_major", "find_llvm_root", "link_libraries")

_BINARIES = {
    "clang": True,
    "ld.lld": True,
    "llvm-ar": True,
    "llvm-cov": False,
    "llvm-dwp": False,
    "llvm-nm": False,
    "llvm-objcopy": False,
    "llvm-objdump": False,
    "llvm-strip": False,
}

# A file of each package a sysroot needs; the packages that own them (dpkg -S) give the
# whole file list. GCC's version is filled in (the newest installed), then the triple.
_ANCHORS = [
    "/usr/include/stdio.h",  # libc6-dev
    "/usr/include/linux/limits.h",  # linux-libc-dev
    "/usr/include/c++/{gcc}/vector",  # libstdc++-N-dev
    "/usr/lib/gcc/{triple}/{gcc}/crtbegin.o",  # libgcc-N-dev
    "/lib/{triple}/libc.so.6",  # libc6
    "/usr/lib/{triple}/libstdc++.so.6",  # libstdc++6
    "/lib/{triple}/libgcc_s.so.1",  # libgcc-s1
]

# OpenCL (rules_sycl's runtime links -lOpenCL): in the sysroot when installed.
_OPTIONAL_ANCHORS = [
    "/usr/include/CL/cl.h",  # opencl-c-headers
    "/usr/lib/{triple}/libOpenCL.so",  # ocl-icd-opencl-dev
    "/usr/lib/{triple}/libOpenCL.so.1",  # ocl-icd-libopencl1
]

# Lays out the files of the packages (arguments) under sysroot/, as symlinks to the
# host's files: headers, libraries and CRT objects only (no gconv modules, no docs).
_LAYOUT = r"""
set -eu
out="$1"; shift
dpkg-query -L "$@" | while IFS= read -r f; do
  case "$f" in
    /usr/lib/*/gconv/*|*/audit/*) continue ;;
    /usr/include/*|/usr/lib/*|/lib/*|/lib64/*) ;;
    *) continue ;;
  esac
  if [ -d "$f" ] || [ ! -e "$f" ]; then continue; fi
  mkdir -p "$out$(dirname "$f")"
  ln -sfn "$(readlink -f "$f")" "$out$f"
done
"""

def _gcc_version(rctx, triple):
    res = rctx.execute(["sh", "-c", "ls /usr/lib/gcc/%s 2>/dev/null | sort -V" % triple])
    versions = [v for v in res.stdout.splitlines() if rctx.path("/usr/lib/gcc/%s/%s/crtbegin.o" % (triple, v)).exists]
    if not versions:
        fail("rules_sycl: no GCC runtime (crtbegin.o) under /usr/lib/gcc/%s: install libstdc++-dev (e.g. Debian's libstdc++-12-dev) or set SYCL_SYSROOT" % triple)
    return versions[-1]

def _packages(rctx, triple, gcc):
    """The Debian packages that own the anchors."""
    if not rctx.which("dpkg-query"):
        fail("rules_sycl: @sycl_cc lays out the host's C and C++ libraries with dpkg; on this system set SYCL_SYSROOT to a sysroot directory")
    paths = []
    for a in _ANCHORS + _OPTIONAL_ANCHORS:
        p = a.format(gcc = gcc, triple = triple)
        if rctx.path(p).exists:
            paths.append(p)
        elif a in _ANCHORS:
            fail("rules_sycl: %s is missing: install the C/C++ development packages (Debian: libc6-dev libstdc++-%s-dev) or set SYCL_SYSROOT" % (p, gcc))
    res = rctx.execute(["dpkg-query", "-S"] + paths)
    if res.return_code != 0:
        fail("rules_sycl: dpkg-query -S %s: %s" % (" ".join(paths), res.stderr))
    pkgs = {}
    for line in res.stdout.splitlines():
        for p in line.split(": ", 1)[0].split(", "):
            pkgs[p.strip()] = True
    return sorted(pkgs.keys())

def _sysroot(rctx):
    """Lays out sysroot/; returns a line that says where it came from."""
    own = rctx.os.environ.get("SYCL_SYSROOT", "")
    if own:
        if not rctx.path(own + "/usr/include").exists:
            fail("rules_sycl: SYCL_SYSROOT=%s has no usr/include" % own)
        for entry in rctx.path(own).readdir():
            rctx.symlink(entry, "sysroot/" + entry.basename)
        return "SYCL_SYSROOT=" + own
    triple = "x86_64-linux-gnu"
    gcc = _gcc_version(rctx, triple)
    pkgs = _packages(rctx, triple, gcc)
    rctx.file("layout.sh", _LAYOUT)
    res = rctx.execute(["sh", "layout.sh", str(rctx.path("sysroot"))] + pkgs, timeout = 600)
    if res.return_code != 0:
        fail("rules_sycl: laying out the sysroot failed: %s" % res.stderr)
    rctx.delete("layout.sh")
    return "the files of the Debian packages %s" % ", ".join(pkgs)

def _absolute(label):
    # Bazel 4 writes labels of the main repository as //pkg:name, which in @sycl_cc
    # would name @sycl_cc's own package.
    s = str(label)
    return "@" + s if s.startswith("//") else s

def _sycl_cc_repository_impl(rctx):
    root, how = find_llvm_root(rctx)
    major, version_line = clang_major(rctx, root + "/bin/clang++")
    binaries = []
    for name, required in _BINARIES.items():
        src = root + "/bin/" + name
        if not rctx.path(src).exists:
            if required:
                fail("rules_sycl: %s is missing: install Debian's lld-%s (tools/bootstrap.sh does) or set SYCL_CLANG_ROOT" % (src, major))
            continue
        rctx.symlink(src, "bin/" + name)
        binaries.append(src)
    link_libraries(rctx, root, major, binaries)
    rctx.file("lib/LIBDIR", "The LLVM shared libraries of bin/ (LD_LIBRARY_PATH of every action).\n")
    origin = _sysroot(rctx)
    rctx.file("sysroot/SYSROOT", "The sysroot of @%s: %s.\n" % (rctx.name, origin))

    rctx.file("WORKSPACE", 'workspace(name = "%s")\n' % rctx.name)
    rctx.file("BUILD.bazel", _BUILD.format(
        root = root,
        how = how,
        version = version_line,
        origin = origin,
        major = major,
        rules_sycl = _absolute(Label("//toolchain:cc_toolchain_config.bzl")),
    ))
    rctx.file("legacy/BUILD.bazel", _LEGACY_BUILD)

_BUILD = """# Generated by rules_sycl's sycl_cc_repository from {root} ({how}).
# {version}
# Sysroot: {origin}.
load("{rules_sycl}", "sycl_cc_toolchain_config")
load("@rules_cc//cc:defs.bzl", "cc_toolchain")

package(default_visibility = ["//visibility:public"])

filegroup(name = "empty", srcs = [])

filegroup(name = "llvm_libs", srcs = glob(["lib/*.so*"]) + ["lib/LIBDIR"])

filegroup(name = "resource_headers", srcs = glob(["lib/clang/{major}/include/**"]))

# clang finds libstdc++'s headers through GCC's directory (crtbegin.o marks it).
filegroup(
    name = "sysroot_headers",
    srcs = glob(["sysroot/usr/include/**", "sysroot/usr/lib/gcc/**"]) + ["sysroot/SYSROOT"],
)

filegroup(
    name = "sysroot_libs",
    srcs = glob(["sysroot/**"], exclude = ["sysroot/usr/include/**"]),
)

filegroup(
    name = "compiler_files",
    srcs = ["bin/clang", ":llvm_libs", ":resource_headers", ":sysroot_headers"],
)

filegroup(
    name = "linker_files",
    srcs = ["bin/clang", "bin/ld.lld", ":llvm_libs", ":sysroot_libs", "sysroot/SYSROOT"],
)

filegroup(name = "ar_files", srcs = ["bin/llvm-ar", ":llvm_libs"])

filegroup(name = "binutils", srcs = glob(["bin/llvm-*"]) + [":llvm_libs"])

filegroup(
    name = "all_files",
    srcs = [":compiler_files", ":linker_files", ":binutils"],
)

sycl_cc_toolchain_config(
    name = "config",
    builtin_include_directories = [
        "lib/clang/{major}/include",
        "sysroot/usr/include",
        "sysroot/usr/lib/gcc",
    ],
    lib_marker = "lib/LIBDIR",
    sysroot_marker = "sysroot/SYSROOT",
)

cc_toolchain(
    name = "cc_toolchain",
    all_files = ":all_files",
    ar_files = ":ar_files",
    as_files = ":compiler_files",
    compiler_files = ":compiler_files",
    dwp_files = ":binutils",
    linker_files = ":linker_files",
    objcopy_files = ":binutils",
    strip_files = ":binutils",
    supports_param_files = 1,
    toolchain_config = ":config",
)

toolchain(
    name = "cc_toolchain_linux_x86_64",
    exec_compatible_with = [
        "@platforms//cpu:x86_64",
        "@platforms//os:linux",
    ],
    target_compatible_with = [
        "@platforms//cpu:x86_64",
        "@platforms//os:linux",
    ],
    toolchain = ":cc_toolchain",
    toolchain_type = "@bazel_tools//tools/cpp:toolchain_type",
)
"""

# For Bazel before 7 without toolchain resolution: --crosstool_top=@sycl_cc//legacy:toolchain.
# In its own package: cc_toolchain_suite is gone from newer Bazel.
_LEGACY_BUILD = """package(default_visibility = ["//visibility:public"])

cc_toolchain_suite(
    name = "toolchain",
    toolchains = {
        "k8": "//:cc_toolchain",
        "k8|clang": "//:cc_toolchain",
    },
)
"""

sycl_cc_repository = repository_rule(
    implementation = _sycl_cc_repository_impl,
    environ = ["SYCL_CLANG_ROOT", "SYCL_SYSROOT"],
    local = True,
    doc = "A hermetic C++ toolchain (clang/lld 22 and a sysroot of the host's C/C++ libraries, or SYCL_SYSROOT).",
)
