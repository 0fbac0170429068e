"""Module extensions for bzlmod users (MODULE.bazel). Not loaded in WORKSPACE mode."""

load("//toolchain:llvm_repository.bzl", "sycl_llvm_repository")

def _sycl_llvm_impl(_module_ctx):
    sycl_llvm_repository(name = "sycl_llvm")

sycl_llvm = module_extension(
    implementation = _sycl_llvm_impl,
    doc = "Creates @sycl_llvm: clang/LLVM 22 found on the host (SYCL_CLANG_ROOT overrides).",
)
