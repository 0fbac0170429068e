"""@onemkl: oneMKL's SYCL API (oneapi/mkl.hpp and its libraries) from Intel's PyPI wheels.

The wheels pinned in versions.bzl (ONEMKL_WHEELS) are downloaded (from their PyPI URLs, or
by file name from wheel_mirror / SYCL_DPCPP_WHEEL_MIRROR) and merged into include/ and
lib/. `@onemkl//:onemkl` is a cc_library: a sycl_binary or sycl_library that includes
<oneapi/mkl.hpp> puts it in deps. It links the SYCL domain libraries (BLAS, LAPACK, DFT,
RNG, sparse, statistics, vector math, data fitting) with MKL's ILP64 interface and its
sequential threading layer (no OpenMP or TBB runtime to match), and the CPU libraries
MKL's core loads at run time, which must be beside it. It runs on the devices libsycl runs on (here:
Intel's CPU OpenCL device); the libraries come from the same release family as the DPC++
runtime of @sycl_dpcpp (2026.*).
"""

load("//:versions.bzl", "ONEMKL_WHEELS")

# The libraries a program links, in link order: the SYCL domains, then MKL's interface,
# threading and core layers.
_LINKED = [
    "libmkl_sycl_blas.so.6",
    "libmkl_sycl_lapack.so.6",
    "libmkl_sycl_dft.so.6",
    "libmkl_sycl_rng.so.6",
    "libmkl_sycl_sparse.so.6",
    "libmkl_sycl_stats.so.6",
    "libmkl_sycl_vm.so.6",
    "libmkl_sycl_data_fitting.so.6",
    "libmkl_intel_ilp64.so.3",
    "libmkl_sequential.so.3",
    "libmkl_core.so.3",
]

# The libraries MKL's core loads by name at run time, from the directory it was loaded
# from (the kernels of each CPU generation, vector math): linked too, so that they are
# beside it in the program's library directory.
_LOADED = [
    "libmkl_def.so.3",
    "libmkl_mc3.so.3",
    "libmkl_avx2.so.3",
    "libmkl_avx512.so.3",
    "libmkl_avx10.so.3",
    "libmkl_vml_def.so.3",
    "libmkl_vml_mc3.so.3",
    "libmkl_vml_avx2.so.3",
    "libmkl_vml_avx512.so.3",
    "libmkl_vml_avx10.so.3",
    "libmkl_vml_cmpt.so.3",
]

def _onemkl_repository_impl(rctx):
    mirror = rctx.attr.wheel_mirror or rctx.os.environ.get("SYCL_DPCPP_WHEEL_MIRROR", "")
    for name in sorted(ONEMKL_WHEELS):
        w = ONEMKL_WHEELS[name]
        url = mirror.rstrip("/") + "/" + w["file"] if mirror else w["url"]
        rctx.report_progress("Downloading %s %s (oneMKL)" % (name, w["version"]))
        rctx.download_and_extract(url = url, sha256 = w["sha256"], type = "zip", output = "wheels/" + name)

    # Each wheel keeps its files under <name>-<version>.data/data/ (include/, lib/, share/).
    r = rctx.execute(["sh", "-c", "set -e; for d in wheels/*/*.data/data; do cp -R \"$d\"/. .; done; rm -rf wheels"])
    if r.return_code != 0:
        fail("onemkl_repository: laying out the wheels failed: " + r.stderr)
    missing = [f for f in _LINKED + _LOADED if not rctx.path("lib/" + f).exists]
    if missing or not rctx.path("include/oneapi/mkl.hpp").exists:
        fail("onemkl_repository: the wheels of versions.bzl ONEMKL_WHEELS lack %s" % ", ".join(missing or ["include/oneapi/mkl.hpp"]))
    rctx.file("WORKSPACE", 'workspace(name = "%s")\n' % rctx.name)
    rctx.file("BUILD.bazel", """load("@rules_cc//cc:defs.bzl", "cc_library")

# oneMKL's SYCL API {version}, laid out by @rules_sycl//toolchain:onemkl_repository.bzl from
# Intel's wheels (versions.bzl ONEMKL_WHEELS; Intel Simplified Software License, share/).
cc_library(
    name = "onemkl",
    srcs = {linked},
    hdrs = glob(["include/**"]),
    defines = ["MKL_ILP64"],
    includes = ["include"],
    linkopts = ["-ldl", "-lpthread", "-lm"],
    visibility = ["//visibility:public"],
)
""".format(version = ONEMKL_WHEELS["onemkl-sycl-blas"]["version"], linked = repr(["lib/" + f for f in _LINKED + _LOADED])))

onemkl_repository = repository_rule(
    implementation = _onemkl_repository_impl,
    doc = "oneMKL's SYCL API from Intel's PyPI wheels (versions.bzl ONEMKL_WHEELS) as `@<name>//:onemkl`, a cc_library for the deps of SYCL targets.",
    attrs = {
        "wheel_mirror": attr.string(doc = "A base URL (http(s):// or file://) that holds the pinned wheel files by name, instead of their PyPI URLs (default: the SYCL_DPCPP_WHEEL_MIRROR environment variable)."),
    },
    environ = ["SYCL_DPCPP_WHEEL_MIRROR"],
)
