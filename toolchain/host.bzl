"""host_sycl_toolchain: a sycl_toolchain over the tools @sycl_llvm found on the host."""

load("//sycl:defs.bzl", "sycl_toolchain")

def host_sycl_toolchain(name, with_ocloc = True, ptxas = "@sycl_llvm//:ptxas", family = "clang", **kwargs):
    """Declares a sycl_toolchain of @sycl_llvm's tools.

    Args:
      name: the target name.
      family: the compiler family (dpcpp: the phases of DPC++ after its device front end,
        on these tools; for device IR that DPC++ compiled elsewhere, sycl_import).
      with_ocloc: include ocloc and its libraries (False: a machine without ocloc, for tests).
      ptxas: the ptxas label (default: the one @sycl_llvm found, or none).
      **kwargs: more sycl_toolchain attributes (visibility, tags).
    """
    ocloc = {"ocloc": "@sycl_llvm//:ocloc", "ocloc_libs": ["@sycl_llvm//:ocloc_libs"]} if with_ocloc else {}
    sycl_toolchain(
        name = name,
        clang = "@sycl_llvm//:bin/clang++",
        family = family,
        llc = "@sycl_llvm//:bin/llc",
        lld = "@sycl_llvm//:ld.lld",
        libclc_amdgcn = "@sycl_llvm//:libclc_amdgcn",
        libclc_nvptx = "@sycl_llvm//:libclc_nvptx",
        libomp = "@sycl_llvm//:libomp",
        openmp_include = ["@sycl_llvm//:openmp_include"],
        llvm_ar = "@sycl_llvm//:bin/llvm-ar",
        llvm_as = "@sycl_llvm//:bin/llvm-as",
        llvm_dis = "@sycl_llvm//:bin/llvm-dis",
        llvm_link = "@sycl_llvm//:bin/llvm-link",
        llvm_spirv = "@sycl_llvm//:llvm-spirv-15",
        opencl_aot = "@sycl_llvm//:opencl-aot",
        opt = "@sycl_llvm//:bin/opt",
        ptxas = ptxas,
        resource_headers = ["@sycl_llvm//:resource_headers"],
        shared_libs = ["@sycl_llvm//:shared_libs"],
        spirv_val = "@sycl_llvm//:spirv-val",
        **dict(ocloc, **kwargs)
    )
