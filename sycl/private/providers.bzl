"""Providers of rules_sycl."""

SyclFrontEndInfo = provider(
    doc = "The device front end of a SYCL toolchain (SyclToolchainInfo.front_end): its name and the tools only it uses.",
    fields = {
        "name": "string: the key of toolchain/devices.bzl's FRONT_ENDS: 'clang' (upstream clang), 'dpcpp' (DPC++'s driver) or 'dpcpp-jit' (DPC++'s front end from its compiler library).",
        "jit": "struct(executable, library, files) or None (dpcpp-jit): sycl-jit-fe, the compiler library it loads (libsycl-jit.so.N of Intel's runtime wheel), and that library with the libraries it loads (depset). The toolchain's clang then compiles host code only.",
        "device_libs": "list of File: DPC++'s device libraries (libsycl-*.bc, or rules_sycl's own for dpcpp-jit) in its driver's link order.",
        "spirv_translator": "File or None: a DPC++ install's llvm-spirv (SPIR-V with DPC++'s options, dpcpp).",
        "libclc": "dict: device-IR key kind ('nvptx', 'amdgcn') to libclc's library File or None (device math of upstream clang's NVIDIA and AMD code).",
        "nvptx_builtins": "File or None: rules_sycl's NVPTX __spirv_* builtins (bitcode), linked into the NVIDIA images a SPIR-only front end's code is retargeted to (FRONT_ENDS' retargets).",
    },
)

SyclToolchainInfo = provider(
    doc = "A SYCL device compiler family and its tools (from sycl_toolchain).",
    fields = {
        "family": "string: 'clang' (upstream clang >= 22) or 'dpcpp' (icpx from oneAPI, or intel/llvm's clang++).",
        "clang": "File: the C++ driver used for device compiles (clang++).",
        "llvm_link": "File: llvm-link.",
        "llvm_ar": "File or None: llvm-ar for SyclArchive (else the C++ toolchain's ar).",
        "llc": "File: llc.",
        "llvm_as": "File: llvm-as.",
        "llvm_dis": "File: llvm-dis.",
        "opt": "File: opt.",
        "sycl_device": "File: rules_sycl's sycl-device tool (exec configuration), which runs every step but the compilers.",
        "spirv_val": "File or None: spirv-val (SPIR-V validation in tests).",
        "aot_binaries": "dict: the AOT tools' executables by their binary name (AOT_TOOLS' binary: ocloc, llvm-spirv, opencl-aot, ptxas, lld) to struct(file, files: depset of what it loads).",
        "front_end": "SyclFrontEndInfo: what compiles device code, and what only that front end has.",
        "openmp": "struct(runtime, files, include): LLVM's OpenMP runtime (File or None: libomp.so.N), which a program whose host code clang compiled with -fopenmp links, with libomp.so beside it (files) for -lomp, and omp.h (list of File) for its device compiles.",
        "tool_files": "depset of File: shared libraries every tool loads.",
        "compile_files": "depset of File: what a device compile reads besides its sources (resource headers, libraries).",
        "env": "dict: the environment of every tool action (LD_LIBRARY_PATH: the directories of the tools' libraries).",
    },
)

SyclInfo = provider(
    doc = "Device code of sycl_library targets, for the device pipeline of sycl_binary.",
    fields = {
        "device_ir": "depset of File: per-TU device LLVM IR (.ll) of the spir64 family, transitively.",
        "tus": "depset of struct(src, flags, inputs): every TU with its compile flags, for the second (NVPTX) device compile of sycl_binary (src None: an imported TU, with spir64 device IR only).",
        "front_ends": "depset of struct(label, front_end): which device front end compiled each library's device IR (front_end_name: clang, dpcpp, dpcpp-jit); a binary refuses to mix them.",
        "shared_libraries": "depset of Label: the sycl_shared_library targets among the deps, transitively, whose SYCL_EXTERNAL functions device code may call (device image dependencies, resolved by the runtime).",
        "exported_symbols": "depset of File: of each of those shared libraries, the names of the SYCL_EXTERNAL functions its images export, one per line (calls of them, C linkage included, are imports, not C library calls).",
    },
)

SyclRuntimeInfo = provider(
    doc = "The SYCL runtime a program links (from sycl_runtime): DPC++'s libsycl or the rsycl test runtime.",
    fields = {
        "kind": "string: 'dpcpp' (Intel's libsycl) or 'rsycl' (rules_sycl's test runtime).",
        "image_version": "int: the device image layout its __sycl_register_lib reads (2 with manifest pointers, 3 without: libsycl.so.9).",
        "aspect_numbering": "string: the runtime's numbering of sycl::aspect ('' the built-in one, 'dpcpp2026'); the device requirements are renumbered to it.",
        "library_dirs": "list of string: runfiles paths (relative to the runfiles root) of the directories holding its shared libraries, for the program's RUNPATH.",
        "env": "dict: environment of the program's tests (paths relative to the runfiles' workspace directory), e.g. OCL_ICD_FILENAMES for the device it ships.",
        "run_env": "list of string: the same environment as `sycl-device wrap` options (--run-env-runfile=NAME=PATH for a file of the runfiles, --run-env=NAME=VALUE): an executable sets it before main where its environment leaves it unset, so that it runs on the same device from bazel-bin, `bazel run` or a copy with its runfiles.",
        "description": "string: what it is, for messages (e.g. 'DPC++ libsycl 2026.1.2').",
        "front_end_unavailable": "string: why front_end is None for a runtime that needs one ('' when none is needed).",
        "front_end": "SyclToolchainInfo or None: the device front end real SYCL code of this runtime is compiled with when no DPC++ toolchain (icpx) was resolved (DPC++'s from Intel's runtime wheel).",
    },
)
