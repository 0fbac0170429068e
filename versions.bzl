"""The versions rules_sycl is built and tested with: the one place that holds them.

repositories.bzl reads the WORKSPACE pins; tools/bootstrap.sh, tools/dpcpp_wheels.py and
tools/buildgrid_venv.py read them, DPCPP_WHEELS and BUILDGRID_WHEELS with Python's parser
(the dicts are literals); and
//internal/versions:versions_test fails when MODULE.bazel's bazel_deps drift from
BZLMOD_DEPS.
"""

RULES_SYCL_VERSION = "0.1.0"

# The oldest Bazel and rules_go rules_sycl loads with (rules_go 0.35+ needs Bazel 5.1).
MINIMUM_BAZEL_VERSION = "4.2.1"
MINIMUM_RULES_GO_VERSION = "0.34.0"

# WORKSPACE users (Bazel 4.2 to 6): what rules_sycl_dependencies() declares unless the
# workspace already has it.
WORKSPACE_DEPS = {
    "io_bazel_rules_go": {
        "version": "0.34.0",
        "sha256": "16e9fca53ed6bd4ff4ad76facc9b7b651a89db1689a2877d6fd7b82aa824e366",
        "url": "https://github.com/bazelbuild/rules_go/releases/download/v0.34.0/rules_go-v0.34.0.zip",
    },
    "bazel_gazelle": {
        "version": "0.25.0",
        "sha256": "5982e5463f171da99e3bdaeff8c0f48283a7a5f396ec5282910b9e8a49c0dd7e",
        "url": "https://github.com/bazelbuild/bazel-gazelle/releases/download/v0.25.0/bazel-gazelle-v0.25.0.tar.gz",
    },
    "bazel_skylib": {
        "version": "1.0.3",
        "sha256": "1c531376ac7e5a180e0237938a2536de0c54d93f5c278634818e0efc952dd56c",
        "url": "https://github.com/bazelbuild/bazel-skylib/releases/download/1.0.3/bazel-skylib-1.0.3.tar.gz",
    },
}

# The Go SDK rules_go builds the sycl-device tool with (Go 1.19: what rules_go 0.34 supports).
GO_VERSION = "1.19.13"

# The Go modules the sycl-device tool imports (tests excluded), fetched by
# rules_sycl_dependencies() from the Go module proxy as module zips (sha256 of the zip).
GO_MODULES = {
    "rules_sycl_in_gopkg_yaml_v3": {
        "module": "gopkg.in/yaml.v3",
        "version": "v3.0.1",
        "sha256": "aab8fbc4e6300ea08e6afe1caea18a21c90c79f489f52c53e2f20431f1a9a015",
        "library": "yaml_v3",
    },
    "rules_sycl_com_github_ianlancetaylor_demangle": {
        "module": "github.com/ianlancetaylor/demangle",
        "version": "v0.0.0-20260724033716-83e58baca724",
        "sha256": "fabdd52cd74a737632600aea516f473f4dd233bc8a6e7ac83ba6035999bf8d1a",
        "library": "demangle",
        "exclude": ["c++filt.go"],  # a tool behind a build tag
    },
}

# Intel's DPC++ runtime (libsycl, the SYCL headers, Unified Runtime with its OpenCL adapter)
# and Intel's CPU OpenCL device, as the PyPI wheels Intel publishes (manylinux_2_28).
# tools/bootstrap.sh downloads them with pip and lays out .deps/sycl_dpcpp; users point
# @sycl_dpcpp at a oneAPI install, or let it download these URLs (wheels = True,
# docs/RUNTIME.md). 2026.1.2 is the newest
# whose intel-cmplr-lib-ur still ships libur_adapter_opencl.so (2026.2.0 has only the
# Level Zero adapters). tcmlib provides libhwloc, which libumf loads.
DPCPP_WHEELS = {
    "intel-sycl-rt": {
        "version": "2026.1.2",
        "file": "intel_sycl_rt-2026.1.2-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/80/3c/f8ef51b3d21eb1b2e7d1b302877d3354bbe3a0e728c5a8c4f9b7ff080957/intel_sycl_rt-2026.1.2-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "9f4c9aff11177a29ff81bcecffd47e43b1edf54b766f97ed1dac13a820b649e6",
    },
    "intel-cmplr-lib-ur": {
        "version": "2026.1.2",
        "file": "intel_cmplr_lib_ur-2026.1.2-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/80/f0/b7e8305da2d2ea162599795886d03a809bf1554ec5079c59f147b506f277/intel_cmplr_lib_ur-2026.1.2-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "b27207f3b42d12ce88cd53ca8b3b7a7e79755aa07a84eccf1c209fcbefe468bf",
    },
    "intel-cmplr-lib-rt": {
        "version": "2026.1.2",
        "file": "intel_cmplr_lib_rt-2026.1.2-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/0b/2d/94c431fe41bcc56d9834af652f844721798a139c9f0a7b999e6338aebd0a/intel_cmplr_lib_rt-2026.1.2-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "b4a975deeb97eee26c15e7038f63635c4dacc33151506f2e5c56cc5758cbe462",
    },
    "intel-opencl-rt": {
        "version": "2026.1.2",
        "file": "intel_opencl_rt-2026.1.2-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/1d/3d/895a1628ca64752a235a045a649609d6e3b3f42b1588312225bf2fd7dd48/intel_opencl_rt-2026.1.2-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "b543a09209fc157a70eb40f72338862a35cf86ad1ef4808d4e89cf0078bf8947",
    },
    "umf": {
        "version": "1.1.0",
        "file": "umf-1.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/c4/72/2e0182f4e6a727a15d0a8a99a82182a4f5bdec1a4f5767acfd2abdc72070/umf-1.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "567152c5ee6b8e16cc56b29a8a9a6b918de1febf89877f71ea2e8247ef39fc32",
    },
    "tbb": {
        "version": "2023.2.0",
        "file": "tbb-2023.2.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/59/fd/8ca476c7b2513b1e64e08d3f5404c8ed19b34d0213000b5e23b3a91676c2/tbb-2023.2.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "7d80615b6e970f11671fa05b6eaa9483ac864fbfe525ac280271a78b37870b7c",
    },
    "tcmlib": {
        "version": "1.6.0",
        "file": "tcmlib-1.6.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/a4/95/d2616129c971d989c1f5ec2ea697a6885165570c69d9fa50bfbde8195d26/tcmlib-1.6.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "46c2491988bfd18c4733eeb08aca6a386706a497b92cc51d155f37ddea003c14",
    },
}

# NVIDIA's pieces for NVIDIA targets (cuda_repository, toolchain/cuda_repository.bzl):
# libdevice (the math the NVPTX builtins call) and ptxas (a cubin beside the PTX), and the
# driver API's and NVML's headers, which Unified Runtime's CUDA adapter is compiled with,
# from the PyPI wheels NVIDIA publishes for CUDA 12.9. NVIDIA's CUDA Toolkit EULA;
# downloaded by a user's build (only when an NVIDIA target is built), not redistributed.
CUDA_WHEELS = {
    "nvidia-cuda-runtime-cu12": {
        "version": "12.9.79",
        "file": "nvidia_cuda_runtime_cu12-12.9.79-py3-none-manylinux2014_x86_64.manylinux_2_17_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/bc/46/a92db19b8309581092a3add7e6fceb4c301a3fd233969856a8cbf042cd3c/nvidia_cuda_runtime_cu12-12.9.79-py3-none-manylinux2014_x86_64.manylinux_2_17_x86_64.whl",
        "sha256": "25bba2dfb01d48a9b59ca474a1ac43c6ebf7011f1b0b8cc44f54eb6ac48a96c3",
    },
    "nvidia-nvml-dev-cu12": {
        "version": "12.9.79",
        "file": "nvidia_nvml_dev_cu12-12.9.79-py3-none-manylinux2014_x86_64.manylinux_2_17_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/8d/86/2ebe051124f0910422483094101687a06cf162aea1777338a8cc73a4115a/nvidia_nvml_dev_cu12-12.9.79-py3-none-manylinux2014_x86_64.manylinux_2_17_x86_64.whl",
        "sha256": "8bb367913c62cb65be9ae386c58dbf573f1f9e2f01cae54abb87bf5f63c6069e",
    },
    "nvidia-cuda-nvcc-cu12": {
        "version": "12.9.86",
        "file": "nvidia_cuda_nvcc_cu12-12.9.86-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/25/48/b54a06168a2190572a312bfe4ce443687773eb61367ced31e064953dd2f7/nvidia_cuda_nvcc_cu12-12.9.86-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
        "sha256": "5d6a0d32fdc7ea39917c20065614ae93add6f577d840233237ff08e9a38f58f0",
    },
}

# Unified Runtime's sources at the commit whose interface is closest to the one
# intel-sycl-rt 2026.1.2 ships (ur_cuda_repository, toolchain/ur_cuda_repository.bzl):
# rules_sycl builds its CUDA adapter from them, compiled with the wheel's UR headers, for
# libsycl programs with an NVIDIA target. The archive pinned is `git archive
# --prefix=unified-runtime-<commit>/ <commit> | gzip -n` (Apache-2.0 WITH LLVM-exception);
# a mirror (SYCL_DPCPP_WHEEL_MIRROR) may hold it by file name, as tools/bootstrap.sh makes
# one from ../shared/third_party. GitHub's archive of the commit may differ in bytes.
UR_SOURCE = {
    "commit": "9018ebf2a4ee130f0582700c48a9758d9a9157e2",
    "file": "unified-runtime-9018ebf2a4ee130f0582700c48a9758d9a9157e2.tar.gz",
    "url": "https://github.com/oneapi-src/unified-runtime/archive/9018ebf2a4ee130f0582700c48a9758d9a9157e2.tar.gz",
    "sha256": "f8c43900e1fa0d774ddb5597ee7d89c5110960f350f34f1c6c6e5b1f38a0aab7",
    "strip_prefix": "unified-runtime-9018ebf2a4ee130f0582700c48a9758d9a9157e2",
}

# oneMKL's SYCL API (onemkl_repository, toolchain/onemkl_repository.bzl): the PyPI wheels
# Intel publishes for mkl-devel-dpcpp 2026.1.0 (whose dpcpp-cpp-rt == 2026.* the runtime
# above satisfies), less what that runtime already lays out: the SYCL domain libraries,
# their headers, MKL's CPU libraries (mkl, 224 MB), mkl.h and the licence. Intel
# Simplified Software License (onemkl-license); downloaded by a user's build, not
# redistributed.
ONEMKL_WHEELS = {
    "mkl": {
        "version": "2026.1.0",
        "file": "mkl-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/61/da/4921e17b1f455f7fed30d5cc0964f3289eee6a6cb03cdf7d5e20c14bd025/mkl-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "4d5a26449818a8aebd4b2aaf6b291831e691f9cf74b152df49b99cf48bbd5360",
    },
    "mkl-include": {
        "version": "2026.1.0",
        "file": "mkl_include-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/5c/42/76a2c4964399376855ed3d4867ad2c2c01c9a7297dca307ce43c1ef76c71/mkl_include-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "e64b260e67284b8a696343d58c339ad9d990cc985077dab1269d1c6d2a2e2b1b",
    },
    "onemkl-sycl-include": {
        "version": "2026.1.0",
        "file": "onemkl_sycl_include-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/5e/2b/5ecba7eebf0a14eb394d5d5c36aa3469e1b3dd4eb9e9898a2ed22a9d87b4/onemkl_sycl_include-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "e2ed8aec7531613c908086d542539548397482afc765528dbdbe913752566298",
    },
    "onemkl-sycl-blas": {
        "version": "2026.1.0",
        "file": "onemkl_sycl_blas-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/d6/c5/94ce322721013c42578398846e57da4273d1f8e48ab1e49ad311a418d36e/onemkl_sycl_blas-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "229dd19462b4a588c156ea73bce29feaf0e96434d797a9bae38a89694fc46493",
    },
    "onemkl-sycl-lapack": {
        "version": "2026.1.0",
        "file": "onemkl_sycl_lapack-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/0c/ee/9058fe036b82bc742adb6280574502da2a8c70364a945829579fd3dd8084/onemkl_sycl_lapack-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "97ff3626f99463e50734a85034ed2ca765601b5c5d3b0560695da7aec0b4f629",
    },
    "onemkl-sycl-dft": {
        "version": "2026.1.0",
        "file": "onemkl_sycl_dft-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/71/60/80d4fa8e4e100f290572cf99856e067195fb9d22a7f462b8e0993833c526/onemkl_sycl_dft-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "71bd34f8c25b6869a440a01eadd2743151601bf2d011b01c11206ec81f6de80b",
    },
    "onemkl-sycl-rng": {
        "version": "2026.1.0",
        "file": "onemkl_sycl_rng-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/f0/3c/4ee5d31e04539d1acd0a1acd3ddf722db570ac8c381d5bc2a9a197e31ca7/onemkl_sycl_rng-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "6d24ee79da2d7fe38b99dfdf3c36e39f2dc796be0ab5c477a3e6d1c244ed5ccd",
    },
    "onemkl-sycl-sparse": {
        "version": "2026.1.0",
        "file": "onemkl_sycl_sparse-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/83/af/416bc19b3488129975a9bd1dbdb8bbe9340a49a802c1e24db6728e233359/onemkl_sycl_sparse-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "50e6fe2cd901090d473fc572001cfa5c0d000719036745e3a4c95ea74b32f9cc",
    },
    "onemkl-sycl-stats": {
        "version": "2026.1.0",
        "file": "onemkl_sycl_stats-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/f4/05/316440ffddd0ae434333df056da5d73ee63286025d402c56ab0c500a7457/onemkl_sycl_stats-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "23bce5e5693b7931433b1db853d36e1709c57758c3ce6eebb54ca27bd8e743f2",
    },
    "onemkl-sycl-vm": {
        "version": "2026.1.0",
        "file": "onemkl_sycl_vm-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/ce/16/54dd0f2408c60536946535e7c450aa1797579baabc482272154eabb4840a/onemkl_sycl_vm-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "2547d9998b8fb5f04d37688304341ece222b9a08f24ac8bed665f3a20d1254cb",
    },
    "onemkl-sycl-datafitting": {
        "version": "2026.1.0",
        "file": "onemkl_sycl_datafitting-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/08/35/73773b3324c8d8fd5270588f25e9a1869a2b75122ca4799c351c0b8e3e1a/onemkl_sycl_datafitting-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "66cc5e4e2dbbae453218d039f3605b0ef69deaed2eeabb34455e7ed81067b7fd",
    },
    "onemkl-license": {
        "version": "2026.1.0",
        "file": "onemkl_license-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/e3/ef/8437c187319e779a76f4dbb468a1863d729297d79a1b5f44b10a58c96ec2/onemkl_license-2026.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "39fd829648af92c9e03c22ba228f07174d829aaa2fe3c5f6cd7073b8eb8a9805",
    },
}

# DPC++'s device front end in the intel-sycl-rt wheel above: its compiler library (the one
# libsycl uses for sycl_ext_oneapi_kernel_compiler), loaded by rules_sycl's sycl-jit-fe
# through its exported C entry point only. toolchain/dpcpp_jit/rtc_abi.h declares that
# entry point from intel/llvm's open-source headers at this commit; the repository rule
# checks the library's name, the wheel's version and the export before using it.
DPCPP_JIT = {
    "wheel": "intel-sycl-rt",
    "version": "2026.1.2",
    "library": "libsycl-jit.so.22.1",
    "entry_point": "compileSYCL",
    "intel_llvm_commit": "691bdebb6c5d8a264fc18e692c6a47d2131efddb",
}

# The remote-execution test's server: BuildGrid 0.0.86 (PyPI), whose SQL scheduler runs on
# SQLite (0.4.4, the newest release for Python 3.11, refuses anything but PostgreSQL; 0.4.5
# on need Python 3.12, 0.8.17 on 3.13). Its bot left BuildGrid before the oldest release
# PyPI serves: tools/tests/bot is the worker. Every wheel of its closure for CPython 3.11 on
# x86_64 Linux, installed with pip --require-hashes --no-deps into .deps/buildgrid
# (tools/buildgrid_venv.py): name -> (version, sha256 of the wheel).
BUILDGRID_WHEELS = {
    "aiohappyeyeballs": ("2.7.1", "9243213661e29250eb41368e5daa826fc017156c3b8a11440826b2e3ed376472"),
    "aiohttp": ("3.14.5", "50a195903119008fe9cc68710535eb37f556ffffd6a7759afe70a2c145587045"),
    "aiosignal": ("1.4.0", "053243f8b92b990551949e63930a839ff0cf0b0ebbe0597b0f3fb19e1a0fe82e"),
    "alembic": ("1.19.2", "32d553dcd577e6fe5c3c63e91468526d35e4dcecafe865d7db4e9b328fa93cb2"),
    "annotated-types": ("0.8.0", "f072f4d804ea359e4eaf198b1af7a8b0943881a87f31bb764f8bf219bb9419e0"),
    "ast-serialize": ("0.13.1", "9f99786e0d62082a5b121b3437f3167562133711df22128de1e9886f57f0b226"),
    "async-lru": ("2.4.0", "1b46a96419ef91fe11431d58db98d792c9b4250001427191a40faf1031934212"),
    "attrs": ("26.1.0", "c647aa4a12dfbad9333ca4e71fe62ddc36f4e63b2d260a37a8b83d2f043ac309"),
    "boto3": ("1.44.8", "099caf21553bbbfef118904aa02fadb8776a534704cf00bede0ed9f29a4da88e"),
    "botocore": ("1.44.8", "76342a76c338701db80dcb8afe1c9bd079283d6fffbb9d881442abb02a215043"),
    "buildgrid": ("0.0.86", "2354827eee0e9f76e255983a738ac598c2feb7dd3e144b8fc4e78a290558bf61"),
    "buildgrid-metering-client": ("0.0.4", "5216cd37c865c03e4bf42619006f248e8807ec1521389534e678da6f90e24353"),
    "cachetools": ("8.0.2", "502bf3c17c6e35d78ccdaa70da8c7001b28634541f5cde0dee33c93bb252277d"),
    "certifi": ("2026.10.19.post1", "1324c476b4811eff41a8bc2122cd0bbd4d9c7234c725446d99ab1612b3a7fdd2"),
    "charset-normalizer": ("3.5.3", "2a6f937e0b70133d1f826d0a253331b6fe1a4c874808cc12e16f2fb8177042f4"),
    "click": ("8.5.1", "8bb5376d2006950386f8c6427613334a2acadc5f559cb80e638d00b4df957e37"),
    "dnspython": ("2.9.2", "af15f7d385a6ae2fb35a796fde2138004c8c42c7389090e2addc83e3b3340fd8"),
    "frozenlist": ("1.8.0", "2552f44204b744fba866e573be4c1f9048d6a324dfe14475103fd51613eb1d1f"),
    "greenlet": ("3.5.6", "1c20ea32a73d17b9b60e3371240e17b0068120c98a5ec01a224a7dd8c89733ba"),
    "grpcio": ("1.85.3", "f2948333a1f462c0e559b5ea436655ed36822fa448f5713d6de2d483bed6e03f"),
    "grpcio-reflection": ("1.62.3", "a48ef37df81a3bada78261fc92ef382f061112f989d1312398b945cc69838b9c"),
    "idna": ("3.20", "ab7ae7122974553370f0bdb919e1a960b2cd1bc1ef0276416d896db81c14582c"),
    "janus": ("2.0.0", "7e6449d34eab04cd016befbd7d8c0d8acaaaab67cb59e076a69149f9031745f9"),
    "jinja2": ("3.0.3", "077ce6014f7b40d03b47d1f1ca4b0fc8328a692bd284016f806ed0eaca390ad8"),
    "jmespath": ("1.1.0", "a5663118de4908c91729bea0acadca56526eb2698e83de10cd116ae0f4e97c64"),
    "jsonschema": ("4.26.0", "d489f15263b8d200f8387e64b4c3a75f06629559fb73deb8fdfb525f2dab50ce"),
    "jsonschema-specifications": ("2025.9.1", "98802fee3a11ee76ecaca44429fda8a41bff98b00a0f2838151b113f210cc6fe"),
    "lark-parser": ("0.12.0", "0eaf30cb5ba787fe404d73a7d6e61df97b21d5a63ac26c5008c78a494373c675"),
    "librt": ("0.17.0", "598c5455f07fc182a926b88e63776c49dc4cf47465c998cbc6ba1f010b875b51"),
    "mako": ("1.4.3", "723296007c870bfd6b3f0c3230dba7198096e5269297ebf5e4eff9e7ffa39d4f"),
    "markupsafe": ("3.0.4", "6da83a088f8ef93b2d483a8232a4dbf4d69d3d8496b568a03c56becac43e1808"),
    "mmh3": ("5.3.1", "cee9fc91b4e9a8991fc1c7a67324a15a51b861f483d41a1d4eb58146b78ad53a"),
    "multidict": ("7.2.1", "3b7542fad2706595c1b1853b46f2c3c4ae5cc5a6252b7225f294d607a29e1bdf"),
    "mypy": ("2.4.1", "b69a15fc2e75858d6b15e91ed3a0dcff1a533265183b64734138791fe0f49aa5"),
    "mypy-extensions": ("1.2.0", "993e7a20aa5671eb41a7132cf555af30062da99729601601b9a8382b11cae768"),
    "pathspec": ("1.1.1", "a00ce642f577bf7f473932318056212bc4f8bfdf53128c78bbd5af0b9b20b189"),
    "propcache": ("0.5.4", "6e9368e87a3efc285e559131092c5db643eb8e56de4ee42064d5baec22ef2bb5"),
    "protobuf": ("4.23.4", "effeac51ab79332d44fba74660d40ae79985901ac21bca408f8dc335a81aa597"),
    "pycurl": ("7.49.0", "6f88539845d3bb2cf2ce0ccbc1bb8b9ed9e401a0d874798aeabc5f16f0f95c4d"),
    "pydantic": ("2.14.4", "653a2ad9f6d8858529c77c72717d0ea991d6c6837fe683246b2f4b2bbfc3fadc"),
    "pydantic-core": ("2.50.5", "488319076ec92908b91fc6265ce761f1d78748f69f85518564fd16bf333e1b70"),
    "python-dateutil": ("2.9.0.post0", "a8b2bc7bffae282281c8140a97d3aa9c14da0b136dfe83f850eea9a5f7470427"),
    "pyyaml": ("6.0.4", "622aa875fa6533f25fedcffe23079357d65a690d462200afed5d8e9d0e01ebee"),
    "referencing": ("0.37.0", "381329a9f99628c9069361716891d34ad94af76e461dcb0335825aecc7692231"),
    "requests": ("2.34.2", "2a0d60c172f83ac6ab31e4554906c0f3b3588d37b5cb939b1c061f4907e278e0"),
    "rpds-py": ("2026.9.1", "136a1c3fe4402b7008bc81cb62ee538481795b61a7e83df88dff3b3f02b726ff"),
    "s3transfer": ("0.19.3", "24eb7535804306355e31c952a90022bf5b2f9d760f9a11062c7493a217c08553"),
    "six": ("1.17.0", "4721f391ed90541fddacab5acf947aa0d3dc7d27b2e1e8eda2be8970586c3274"),
    "sqlalchemy": ("1.4.54", "fb59a11689ff3c58e7652260127f9e34f7f45478a2f3ef831ab6db7bcd72108f"),
    "sqlalchemy2-stubs": ("0.0.2a38", "b62aa46943807287550e2033dafe07564b33b6a815fbaa3c144e396f9cc53bcb"),
    "tenacity": ("9.2.1", "9e56f17539296baab7beabb08b92f6ee3d7be92d8be72d763360677c2ad6580e"),
    "typing-extensions": ("4.16.0", "481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8"),
    "typing-inspection": ("0.4.5", "bc210535442b39e1bf2805e0c7a17dfd6a4ace760c84c7f7d16245d23a6b1c39"),
    "urllib3": ("2.8.0", "0cf3cae568d36aa9576b28dfb35f11328f1cb974ca7647d9475ebb86c75ac6e3"),
    "yarl": ("1.25.1", "d5add7b4ca7afeea91d52e4d4e4db3b1fe9885b71f07054560d8c4296b7441a2"),
}

# bzlmod users (Bazel 7/8): MODULE.bazel's bazel_dep versions.
BZLMOD_DEPS = {
    "bazel_skylib": "1.7.1",
    "platforms": "0.0.10",
    "rules_cc": "0.0.9",
    "rules_go": "0.50.1",
    "gazelle": "0.39.1",
}

def _parse(v):
    """"4.2.3" -> [4, 2, 3]; pre-release or build suffixes are ignored."""
    out = []
    for part in v.split("-")[0].split("+")[0].split("."):
        digits = ""
        for c in part.elems():
            if not c.isdigit():
                break
            digits += c
        out.append(int(digits) if digits else 0)
    return out

def version_at_least(have, want):
    """Whether version have >= want (dotted numbers).

    Args:
      have: the version found.
      want: the minimum.

    Returns:
      bool.
    """
    a, b = _parse(have), _parse(want)
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else 0
        y = b[i] if i < len(b) else 0
        if x != y:
            return x > y
    return True

def check_version(what, have, want):
    """Returns the one-line error for an old version of what, or None.

    A version Bazel cannot tell ("" or Debian's "no_version") passes.

    Args:
      what: the name (e.g. "Bazel").
      have: the version found.
      want: the minimum.

    Returns:
      string or None.
    """
    if not have or have == "no_version" or version_at_least(have, want):
        return None
    return "rules_sycl %s needs %s %s or newer; this workspace has %s" % (RULES_SYCL_VERSION, what, want, have)

def declared_rules_go_version(rule):
    """The rules_go version a workspace's own io_bazel_rules_go rule names, or "".

    rules_go's release archives are named rules_go-vX.Y.Z.{zip,tar.gz}; the version is
    read from the first url (or strip_prefix) that has one. A local_repository or a
    git_repository by commit tells nothing: "" (the check passes).

    Args:
      rule: native.existing_rule("io_bazel_rules_go"), or None.

    Returns:
      string.
    """
    if not rule:
        return ""
    texts = list(rule.get("urls") or [])
    if rule.get("url"):
        texts.append(rule["url"])
    if rule.get("strip_prefix"):
        texts.append(rule["strip_prefix"])
    for text in texts:
        i = text.rfind("rules_go-v")
        if i < 0:
            continue
        version = ""
        for c in text[i + len("rules_go-v"):].elems():
            if not (c.isdigit() or c == "."):
                break
            version += c
        version = version.rstrip(".")
        if version:
            return version
    return ""
