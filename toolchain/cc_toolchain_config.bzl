"""sycl_cc_toolchain_config: the C++ toolchain configuration of @sycl_cc (hermetic clang).

The compiler is the same clang/LLVM 22 the SYCL toolchain runs, the linker its lld, and the
C and C++ standard libraries come from the sysroot of @sycl_cc (the host's glibc and
libstdc++ headers, libraries and CRT objects, or a sysroot you name). Every path an action
reads is an input: nothing under /usr is consulted, so the actions run on a remote worker
whose image has only a C runtime.

Bazel's legacy features (include paths, defines, dependency files, PIC, libraries to link,
...) are left on; this rule adds the compile and link defaults, the compilation-mode flags
and the feature `sycl_host_compiler`, which tells rules_sycl that this toolchain's compiler
can compile the host side of SYCL sources itself (cc_common.compile, so --per_file_copt and
every C++ toolchain feature reach SYCL host objects).
"""

load("@bazel_tools//tools/build_defs/cc:action_names.bzl", "ACTION_NAMES")
load(
    "@bazel_tools//tools/cpp:cc_toolchain_config_lib.bzl",
    "env_entry",
    "env_set",
    "feature",
    "flag_group",
    "flag_set",
    "tool_path",
    "with_feature_set",
)

_COMPILE = [
    ACTION_NAMES.assemble,
    ACTION_NAMES.preprocess_assemble,
    ACTION_NAMES.c_compile,
    ACTION_NAMES.cpp_compile,
    ACTION_NAMES.cpp_header_parsing,
    ACTION_NAMES.cpp_module_compile,
    ACTION_NAMES.cpp_module_codegen,
    ACTION_NAMES.linkstamp_compile,
]

_CXX = [
    ACTION_NAMES.cpp_compile,
    ACTION_NAMES.cpp_header_parsing,
    ACTION_NAMES.cpp_module_compile,
    ACTION_NAMES.cpp_module_codegen,
    ACTION_NAMES.linkstamp_compile,
]

_LINK = [
    ACTION_NAMES.cpp_link_executable,
    ACTION_NAMES.cpp_link_dynamic_library,
    ACTION_NAMES.cpp_link_nodeps_dynamic_library,
]

_ALL = _COMPILE + _LINK + [ACTION_NAMES.cpp_link_static_library]

def _flags(actions, flags, **kwargs):
    return flag_set(actions = actions, flag_groups = [flag_group(flags = flags)], **kwargs)

def _flag_features():
    """The toolchain's compile and link flags, as enabled features."""
    return [
        feature(
            name = "default_compile_flags",
            enabled = True,
            flag_sets = [
                _flags(_COMPILE, [
                    # Paths relative to the execution root, as given: clang finds its
                    # resource headers and lld next to itself, not under /usr.
                    "-no-canonical-prefixes",
                    "-U_FORTIFY_SOURCE",
                    "-fstack-protector",
                    "-Wall",
                    "-fno-omit-frame-pointer",
                    # Same bytes whatever the day and the output root.
                    "-Wno-builtin-macro-redefined",
                    "-D__DATE__=\"redacted\"",
                    "-D__TIMESTAMP__=\"redacted\"",
                    "-D__TIME__=\"redacted\"",
                    "-fdebug-compilation-dir=.",
                    "-fcoverage-compilation-dir=.",
                ]),
                _flags(_CXX, ["-std=c++17"]),
                _flags(_COMPILE, ["-g"], with_features = [with_feature_set(features = ["dbg"])]),
                _flags(_COMPILE, ["-g0", "-O2", "-D_FORTIFY_SOURCE=1", "-DNDEBUG", "-ffunction-sections", "-fdata-sections"], with_features = [with_feature_set(features = ["opt"])]),
            ],
        ),
        feature(
            name = "default_link_flags",
            enabled = True,
            flag_sets = [
                _flags(_LINK, [
                    "-no-canonical-prefixes",
                    "-fuse-ld=lld",
                    "-Wl,--build-id=md5",
                    "-Wl,--hash-style=gnu",
                    "-Wl,-z,relro,-z,now",
                    # The C++ runtime (shared: lld resolves it wherever it stands).
                    "-lstdc++",
                    "-lm",
                ]),
                _flags(_LINK, ["-Wl,--gc-sections"], with_features = [with_feature_set(features = ["opt"])]),
            ],
        ),
    ]

def _impl(ctx):
    sysroot = ctx.file.sysroot_marker.dirname
    lib = ctx.file.lib_marker.dirname
    features = _flag_features() + [
        # The LLVM libraries clang and lld load sit next to them: a remote worker's image
        # has only the C runtime.
        feature(
            name = "llvm_library_path",
            enabled = True,
            env_sets = [env_set(actions = _ALL, env_entries = [env_entry(key = "LD_LIBRARY_PATH", value = lib)])],
        ),
        feature(name = "dbg"),
        feature(name = "opt"),
        feature(name = "fastbuild"),
        feature(name = "supports_pic", enabled = True),
        feature(name = "supports_dynamic_linker", enabled = True),
        feature(name = "supports_start_end_lib", enabled = True),
        # rules_sycl: this compiler can compile SYCL host code (clang with -fsycl-is-host).
        feature(name = "sycl_host_compiler", enabled = True),
    ]
    tools = {
        "ar": "bin/llvm-ar",
        "cpp": "bin/clang-cpp",
        "dwp": "bin/llvm-dwp",
        "gcc": "bin/clang",
        "gcov": "bin/llvm-cov",
        "ld": "bin/ld.lld",
        "llvm-cov": "bin/llvm-cov",
        "nm": "bin/llvm-nm",
        "objcopy": "bin/llvm-objcopy",
        "objdump": "bin/llvm-objdump",
        "strip": "bin/llvm-strip",
    }
    return cc_common.create_cc_toolchain_config_info(
        ctx = ctx,
        features = features,
        cxx_builtin_include_directories = ctx.attr.builtin_include_directories,
        toolchain_identifier = "sycl_cc-clang-" + ctx.attr.cpu,
        host_system_name = "local",
        target_system_name = "local",
        target_cpu = ctx.attr.cpu,
        target_libc = "glibc",
        compiler = "clang",
        abi_version = "local",
        abi_libc_version = "local",
        tool_paths = [tool_path(name = k, path = v) for k, v in tools.items()],
        # Bazel's sysroot feature passes --sysroot= to compiles and links; rules_sycl's
        # device compiles read it from CcToolchainInfo.sysroot.
        builtin_sysroot = sysroot,
    )

sycl_cc_toolchain_config = rule(
    implementation = _impl,
    attrs = {
        "builtin_include_directories": attr.string_list(doc = "The directories clang searches by itself (resource and sysroot headers)."),
        "cpu": attr.string(default = "k8", doc = "Bazel's name of the target CPU."),
        "lib_marker": attr.label(allow_single_file = True, mandatory = True, doc = "A file in the directory of the LLVM shared libraries."),
        "sysroot_marker": attr.label(allow_single_file = True, mandatory = True, doc = "A file at the top of the sysroot."),
    },
    provides = [CcToolchainConfigInfo],
    doc = "The configuration of @sycl_cc's clang toolchain (generated by sycl_cc_repository).",
)
