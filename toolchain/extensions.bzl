"""Module extensions for bzlmod users (MODULE.bazel). Not loaded in WORKSPACE mode."""

load("//toolchain:cc_repository.bzl", "sycl_cc_repository")
load("//toolchain:cuda_repository.bzl", "cuda_repository")
load("//toolchain:dpcpp_repository.bzl", "sycl_dpcpp_repository")
load("//toolchain:llvm_repository.bzl", "sycl_llvm_repository")
load("//toolchain:onemkl_repository.bzl", "onemkl_repository")
load("//toolchain:ur_cuda_repository.bzl", "ur_cuda_repository")

def _sycl_llvm_impl(_module_ctx):
    sycl_llvm_repository(name = "sycl_llvm")
    sycl_cc_repository(name = "sycl_cc")
    sycl_dpcpp_repository(name = "sycl_dpcpp", wheels = True)
    onemkl_repository(name = "onemkl")
    cuda_repository(name = "sycl_cuda")
    ur_cuda_repository(name = "sycl_ur_cuda")

sycl_llvm = module_extension(
    implementation = _sycl_llvm_impl,
    doc = "Creates @sycl_llvm (clang/LLVM 22 found on the host; SYCL_CLANG_ROOT overrides) and @sycl_cc (the hermetic C++ toolchain of that clang; register_toolchains(\"@sycl_cc//:all\") to use it) and @sycl_dpcpp (Intel's DPC++ runtime and DPC++'s front end from SYCL_DPCPP_ROOT or ONEAPI_ROOT, else Intel's PyPI wheels) and @onemkl (oneMKL's SYCL API from Intel's wheels, fetched when used) and @sycl_cuda and @sycl_ur_cuda (NVIDIA's libdevice, ptxas and headers from NVIDIA's wheels; Unified Runtime's CUDA adapter built from source; fetched when an NVIDIA target is built).",
)
