"""@sycl_ur_cuda: Unified Runtime's CUDA adapter, built from source against Intel's runtime.

Intel's runtime wheels ship Unified Runtime's OpenCL and Level Zero adapters, not its CUDA
adapter. This repository holds Unified Runtime's sources at the commit of versions.bzl
UR_SOURCE (downloaded from its URL, or by file name from wheel_mirror /
SYCL_DPCPP_WHEEL_MIRROR) with rules_sycl's BUILD file (toolchain/ur_cuda.BUILD):
`@sycl_ur_cuda//:adapter` is libur_adapter_cuda.so.0, compiled with the runtime's own UR
headers (@sycl_dpcpp//:unified_runtime; the sources' copies are removed: built against
its own, the loader's dispatch table would be shifted) and NVIDIA's driver headers
(@sycl_cuda//:headers). The built-in NVIDIA device configurations name it, so nothing is
downloaded or built unless a libsycl program has an NVIDIA target.
"""

load("//:versions.bzl", "UR_SOURCE")

def _ur_cuda_repository_impl(rctx):
    mirror = rctx.attr.wheel_mirror or rctx.os.environ.get("SYCL_DPCPP_WHEEL_MIRROR", "")
    url = mirror.rstrip("/") + "/" + UR_SOURCE["file"] if mirror else UR_SOURCE["url"]
    rctx.report_progress("Downloading Unified Runtime %s" % UR_SOURCE["commit"][:12])
    rctx.download_and_extract(url = url, sha256 = UR_SOURCE["sha256"], stripPrefix = UR_SOURCE["strip_prefix"])
    for f in ["source/adapters/cuda/adapter.cpp", "source/adapters/adapter.map.in", "include/ur_api.h"]:
        if not rctx.path(f).exists:
            fail("ur_cuda_repository: the archive of versions.bzl UR_SOURCE lacks %s" % f)

    # Only the runtime's interface may be seen.
    rctx.delete("include")

    # The adapter's version script (only the dispatch-table getters are exported), as
    # UR's CMake configures it.
    rctx.file("adapter.map", rctx.read("source/adapters/adapter.map.in").replace("@TARGET_LIBNAME@", "libur_adapter_cuda_0"))
    rctx.file("WORKSPACE", 'workspace(name = "%s")\n' % rctx.name)
    rctx.template("BUILD.bazel", rctx.attr.build_file, {"{commit}": UR_SOURCE["commit"]})

ur_cuda_repository = repository_rule(
    implementation = _ur_cuda_repository_impl,
    doc = "Unified Runtime's CUDA adapter for Intel's libsycl, built from the sources of versions.bzl UR_SOURCE: `@<name>//:adapter`.",
    attrs = {
        "build_file": attr.label(default = Label("//toolchain:ur_cuda.BUILD"), doc = "The BUILD file laid over the sources."),
        "wheel_mirror": attr.string(doc = "A base URL (http(s):// or file://) that holds the pinned archive by file name, instead of its URL (default: the SYCL_DPCPP_WHEEL_MIRROR environment variable)."),
    },
    environ = ["SYCL_DPCPP_WHEEL_MIRROR"],
)
