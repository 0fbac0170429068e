"""@sycl_cuda: NVIDIA's libdevice, ptxas and driver headers from the PyPI wheels pinned in versions.bzl.

The images of NVIDIA targets that rules_sycl retargets from DPC++'s SPIR code link
libdevice (`@sycl_cuda//:libdevice`, libdevice.10.bc), which rules_sycl's NVPTX builtins
call for math; `@sycl_cuda//:ptxas` is NVIDIA's assembler (a cubin beside the PTX);
`@sycl_cuda//:headers` holds cuda.h and nvml.h, which Unified Runtime's CUDA adapter is
compiled with (@sycl_ur_cuda). The built-in NVIDIA device configurations name these, so
the wheels are downloaded only when a build has an NVIDIA target. They come from their
PyPI URLs, or by file name from wheel_mirror / SYCL_DPCPP_WHEEL_MIRROR (what
tools/bootstrap.sh fills).
"""

load("//:versions.bzl", "CUDA_WHEELS")

# What each wheel gives: (path in the repository, path in the wheel).
_FILES = {
    "nvidia-cuda-nvcc-cu12": [
        ("libdevice.10.bc", "nvidia/cuda_nvcc/nvvm/libdevice/libdevice.10.bc"),
        ("bin/ptxas", "nvidia/cuda_nvcc/bin/ptxas"),
    ],
    "nvidia-cuda-runtime-cu12": [("include/cuda.h", "nvidia/cuda_runtime/include/cuda.h")],
    "nvidia-nvml-dev-cu12": [("include/nvml.h", "nvidia/nvml_dev/include/nvml.h")],
}

def _cuda_repository_impl(rctx):
    mirror = rctx.attr.wheel_mirror or rctx.os.environ.get("SYCL_DPCPP_WHEEL_MIRROR", "")
    for name in sorted(_FILES):
        w = CUDA_WHEELS[name]
        url = mirror.rstrip("/") + "/" + w["file"] if mirror else w["url"]
        rctx.report_progress("Downloading %s %s" % (name, w["version"]))
        rctx.download_and_extract(url = url, sha256 = w["sha256"], type = "zip", output = "wheels/" + name)
        for want, have in _FILES[name]:
            path = "wheels/%s/%s" % (name, have)
            if not rctx.path(path).exists:
                fail("cuda_repository: the wheel %s of versions.bzl CUDA_WHEELS lacks %s" % (w["file"], have))
            rctx.symlink(path, want)
    rctx.file("WORKSPACE", 'workspace(name = "%s")\n' % rctx.name)
    rctx.file("BUILD.bazel", """load("@rules_cc//cc:defs.bzl", "cc_library")

# NVIDIA's libdevice, ptxas and driver headers from the wheels of versions.bzl CUDA_WHEELS
# ({files}), laid out by @rules_sycl//toolchain:cuda_repository.bzl. NVIDIA's CUDA Toolkit
# EULA: wheels/*/ hold its licence.
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

# The CUDA driver API's and NVML's headers (no libraries: the driver brings them).
cc_library(
    name = "headers",
    hdrs = ["include/cuda.h", "include/nvml.h"],
    includes = ["include"],
)
""".format(files = ", ".join([CUDA_WHEELS[n]["file"] for n in sorted(_FILES)])))

cuda_repository = repository_rule(
    implementation = _cuda_repository_impl,
    doc = "NVIDIA's libdevice, ptxas and the CUDA driver's and NVML's headers from the PyPI wheels of versions.bzl CUDA_WHEELS, as `@<name>//:libdevice`, `:ptxas` and `:headers`.",
    attrs = {
        "wheel_mirror": attr.string(doc = "A base URL (http(s):// or file://) that holds the pinned wheel files by name, instead of their PyPI URLs (default: the SYCL_DPCPP_WHEEL_MIRROR environment variable)."),
    },
    environ = ["SYCL_DPCPP_WHEEL_MIRROR"],
)
