"""@sycl_cuda: NVIDIA's libdevice and ptxas from the PyPI wheel pinned in versions.bzl.

The images of NVIDIA targets that rules_sycl retargets from DPC++'s SPIR code link
libdevice (`@sycl_cuda//:libdevice`, libdevice.10.bc), which rules_sycl's NVPTX builtins
call for math; the built-in NVIDIA device configurations name it, so the wheel is
downloaded only when a build has an NVIDIA target. `@sycl_cuda//:ptxas` is NVIDIA's
assembler (a cubin beside the PTX). The wheel comes from its PyPI URL, or by file name
from wheel_mirror / SYCL_DPCPP_WHEEL_MIRROR (what tools/bootstrap.sh fills).
"""

load("//:versions.bzl", "CUDA_WHEELS")

_NVCC = "nvidia-cuda-nvcc-cu12"

def _cuda_repository_impl(rctx):
    mirror = rctx.attr.wheel_mirror or rctx.os.environ.get("SYCL_DPCPP_WHEEL_MIRROR", "")
    w = CUDA_WHEELS[_NVCC]
    url = mirror.rstrip("/") + "/" + w["file"] if mirror else w["url"]
    rctx.report_progress("Downloading %s %s (libdevice, ptxas)" % (_NVCC, w["version"]))
    rctx.download_and_extract(url = url, sha256 = w["sha256"], type = "zip", output = "wheel")
    for want, have in [("libdevice.10.bc", "wheel/nvidia/cuda_nvcc/nvvm/libdevice/libdevice.10.bc"), ("bin/ptxas", "wheel/nvidia/cuda_nvcc/bin/ptxas")]:
        if not rctx.path(have).exists:
            fail("cuda_repository: the wheel %s of versions.bzl CUDA_WHEELS lacks %s" % (w["file"], have[len("wheel/"):]))
        rctx.symlink(have, want)
    rctx.file("WORKSPACE", 'workspace(name = "%s")\n' % rctx.name)
    rctx.file("BUILD.bazel", """# NVIDIA's libdevice and ptxas from {file} (versions.bzl CUDA_WHEELS), laid out by
# @rules_sycl//toolchain:cuda_repository.bzl. NVIDIA's CUDA Toolkit EULA: wheel/ holds its
# licence.
package(default_visibility = ["//visibility:public"])

exports_files(["libdevice.10.bc", "bin/ptxas"])

alias(
    name = "libdevice",
    actual = "libdevice.10.bc",
)

alias(
    name = "ptxas",
    actual = "bin/ptxas",
)
""".format(file = w["file"]))

cuda_repository = repository_rule(
    implementation = _cuda_repository_impl,
    doc = "NVIDIA's libdevice and ptxas from the PyPI wheel of versions.bzl CUDA_WHEELS, as `@<name>//:libdevice` and `@<name>//:ptxas`.",
    attrs = {
        "wheel_mirror": attr.string(doc = "A base URL (http(s):// or file://) that holds the pinned wheel file by name, instead of its PyPI URL (default: the SYCL_DPCPP_WHEEL_MIRROR environment variable)."),
    },
    environ = ["SYCL_DPCPP_WHEEL_MIRROR"],
)
