"""What every rules_sycl rule shares: the tool attribute, the C++ toolchain setup, and
the compile flags gathered once per target (create_common)."""

load("@bazel_skylib//lib:paths.bzl", "paths")
load("@bazel_skylib//rules:common_settings.bzl", "BuildSettingInfo")
load("@bazel_tools//tools/build_defs/cc:action_names.bzl", "ACTION_NAMES")
load("@bazel_tools//tools/cpp:toolchain_utils.bzl", "find_cpp_toolchain")
load("//sycl/private:actions/headers.bzl", "virtual_includes")
load("//sycl/private:toolchain.bzl", "find_sycl_toolchain", "front_end_name")
load("//toolchain:devices.bzl", "FRONT_ENDS")

CPP_TOOLCHAIN = "@bazel_tools//tools/cpp:toolchain_type"

# A C++ toolchain that enables this feature compiles the host side of SYCL sources with
# its own compiler (cc_common.compile: --per_file_copt, features and compile_commands
# tooling see SYCL host compiles as any C++ compile). @sycl_cc's clang does; Bazel's
# autodetected GCC toolchain does not, and the SYCL toolchain's clang compiles the host
# side with the C++ toolchain's flags (SyclHostCompile).
SYCL_HOST_COMPILER_FEATURE = "sycl_host_compiler"

# The switch that runs sycl-device (SyclToolchainInfo.sycl_device) in persistent
# workers: every rule that registers sycl-device actions carries it.
TOOL_ATTRS = {
    "_workers_flag": attr.label(default = Label("//sycl:workers")),
}

def compilation_context(deps):
    """The merged compilation context of the CcInfo-providing deps.

    Args:
      deps: targets.

    Returns:
      A CompilationContext.
    """
    return cc_common.merge_cc_infos(cc_infos = [d[CcInfo] for d in deps if CcInfo in d]).compilation_context

def cc_setup(ctx):
    """The C++ toolchain and its feature configuration for ctx.

    Args:
      ctx: the rule context (with the C++ toolchain type).

    Returns:
      (CcToolchainInfo, FeatureConfiguration).
    """
    cc_toolchain = find_cpp_toolchain(ctx)
    fc = cc_common.configure_features(
        ctx = ctx,
        cc_toolchain = cc_toolchain,
        requested_features = ctx.features,
        unsupported_features = ctx.disabled_features,
    )
    return cc_toolchain, fc

# Flags of GCC's that clang rejects: the autodetected C++ toolchain adds them when the
# host compiler is GCC. The host compile runs the SYCL toolchain's clang.
_GCC_ONLY_FLAGS = ["-fno-canonical-system-headers"]

def host_compile_flags(ctx, cc_toolchain, fc):
    """The C++ toolchain's compile flags for the host side of SYCL sources.

    They come from the feature configuration, as for cc_library: the compilation mode
    (-c dbg: -g; -c opt: -O2 -DNDEBUG ...), enabled --features (sanitizers, ...),
    position-independent code and the toolchain's own flags, then --copt and --cxxopt.
    The toolchain's language standard gives way to C++17 (SYCL 2020's, DPC++'s default;
    Bazel's autodetected toolchain says -std=c++0x); a -std= in --copt/--cxxopt wins.
    Includes, defines, copts and the source and output are added by the rules.

    Args:
      ctx: the rule context (with the cpp fragment).
      cc_toolchain: the CcToolchainInfo.
      fc: its FeatureConfiguration.

    Returns:
      (list of string, list of string): the host flags, and the -std=, -D and -U flags
      of --copt/--cxxopt, which the device compile must share (host and device code of
      a TU must see the same macros: --copt=-DNDEBUG turns off asserts in kernels too).
    """
    variables = cc_common.create_compile_variables(
        feature_configuration = fc,
        cc_toolchain = cc_toolchain,
        user_compile_flags = [],
        use_pic = True,
    )
    flags = cc_common.get_memory_inefficient_command_line(
        feature_configuration = fc,
        action_name = ACTION_NAMES.cpp_compile,
        variables = variables,
    )
    user = ctx.fragments.cpp.copts + ctx.fragments.cpp.cxxopts
    own = [f for f in flags if f not in _GCC_ONLY_FLAGS and not f.startswith("-std=")]
    return own + ["-std=c++17"] + user, [f for f in user if f.startswith("-std=") or f.startswith("-D") or f.startswith("-U")]

def device_debug_and_opt(host_flags):
    """How the device code is built for the host compile's flags, as DPC++'s driver does.

    -g (-c dbg, or --copt=-g) gives the device code full debug info too. The device code
    is optimised at -O2 unless an -O level is given (--copt=-O0, -c opt's -O2, ...):
    -c dbg alone, which names no level, still gets optimised device code.

    Args:
      host_flags: the host compile's flags (host_compile_flags).

    Returns:
      (bool, string): whether to keep debug info, and the device optimisation level.
    """
    debug, level = False, "-O2"
    for f in host_flags:
        if f in ("-g", "-g2", "-g3", "-ggdb"):
            debug = True
        elif f in ("-g0", "-gline-tables-only"):
            debug = False
        elif f.startswith("-O"):
            # opt knows -O0..3, -Os and -Oz; clang's other spellings map as clang maps them.
            level = {"-O": "-O1", "-Og": "-O1", "-Ofast": "-O3", "-O4": "-O3"}.get(f, f)
    return debug, level

def _include_flags(ctx, cc):
    flags = ["-iquote", ".", "-iquote", ctx.bin_dir.path]
    for d in cc.quote_includes.to_list():
        flags += ["-iquote", d]
    for d in cc.includes.to_list():
        flags += ["-I", d]
    for d in cc.system_includes.to_list():
        flags += ["-isystem", d]
    for d in cc.defines.to_list():
        flags.append("-D" + d)
    return flags

# Options of DPC++'s driver that users copy from their icpx command lines. The device
# front end takes -fsycl-*/-fno-sycl-* options (dead-argument elimination, id queries,
# ...) and its own front-end options after -Xclang (-Xclang -fsycl-allow-virtual-functions);
# the host compiler rejects them, so they reach the device compile only. Those the build expresses otherwise are refused at the BUILD line.
_DRIVER_OPTIONS_ELSEWHERE = {
    "-fsycl-targets": "targets = [...] (or --@rules_sycl//sycl:targets)",
    "-fsycl-device-code-split": "device_code_split = \"per_kernel\" | \"per_source\" | \"off\" | \"auto\" on the binary (or --@rules_sycl//sycl:device_code_split)",
    "-fsycl-rdc": "rdc = \"on\" on the binary (or --@rules_sycl//sycl:rdc)",
    "-fno-sycl-rdc": "rdc = \"off\" on the binary (or --@rules_sycl//sycl:rdc)",
    "-fsycl-device-only": "nothing: the build runs the device compile itself",
    "-fsycl": "nothing: every SYCL compile has it",
}

# Options that write files no action declares (dependency files, time traces, saved
# temporaries, another integration header): an action's outputs are the build's choice.
# An entry matches the option and its joined forms (-MFdeps.d, -ftime-trace=t.json).
_OUTPUT_OPTIONS = ["-MF", "-MT", "-MQ", "-MJ", "-ftime-trace", "-save-temps", "-fsycl-int-header", "-fsycl-int-footer", "-fsycl-dump-device-code", "-fcrash-diagnostics-dir", "-o"]
_OUTPUT_OPTIONS_EXACT = ["-M", "-MM", "-MD", "-MMD"]

# DPC++ driver options that pass options to the device compilers: each target's AOT
# compiler options are the device configuration's (sycl_device's aot_options).
_DEVICE_PASS_OPTIONS = ["-Xsycl-target-backend", "-Xsycl-target-frontend", "-Xsycl-target-linker", "-Xs"]

def _check_copt(c):
    if c in _OUTPUT_OPTIONS_EXACT or [o for o in _OUTPUT_OPTIONS if c.startswith(o) and (o != "-o" or c == "-o")]:
        fail("copts: %s writes a file the build does not declare (each action's outputs are the build's own); remove it" % c, attr = "copts")
    name = c.split("=", 1)[0]
    if name in _DEVICE_PASS_OPTIONS or (c.startswith("-Xs") and not c.startswith("-Xsycl")):
        fail("copts: %s passes options to DPC++'s device compilers: in rules_sycl each device target's AOT compiler options are its device configuration's (sycl_device(aot_options = [...])), and device-only compile options are copts that start with -fsycl or follow -Xclang" % c, attr = "copts")

# Characters a source file's path may not hold: DPC++'s front end writes the path into
# the integration header (a C++ file) as it is, and a compile command line carries it.
_BAD_PATH_CHARS = ["\"", "\\", "\n", "\r", "\t"]

def _check_source_names(srcs):
    for src in srcs:
        bad = [c for c in _BAD_PATH_CHARS if c in src.path]
        if bad:
            fail("srcs: %r: a SYCL source's path may not hold %s (DPC++'s front end writes it into a C++ header as it is); rename the file" % (src.short_path, " or ".join([repr(c) for c in bad])), attr = "srcs")

def split_copts(ctx):
    """copts split by the step that understands them: (host and device, device only).

    Args:
      ctx: the rule context (copts).

    Returns:
      (list of string, list of string).
    """
    both, device = [], []
    copts = ctx.attr.copts
    after_xclang = False
    for i, c in enumerate(copts):
        if after_xclang:
            after_xclang = False
            continue
        _check_copt(c)
        name = c.split("=", 1)[0]
        if name in _DRIVER_OPTIONS_ELSEWHERE:
            fail("copts: %s is a DPC++ driver option that the build expresses otherwise; write %s" % (c, _DRIVER_OPTIONS_ELSEWHERE[name]), attr = "copts")
        if c.startswith("-fsycl-") or c.startswith("-fno-sycl-"):
            device.append(c)
        elif c == "-Xclang" and i + 1 < len(copts) and _is_sycl_option(copts[i + 1]):
            _check_copt(copts[i + 1])

            # A front-end option of DPC++'s (-Xclang -fsycl-allow-virtual-functions).
            device += [c, copts[i + 1]]
            after_xclang = True
        else:
            both.append(c)
    return both, device

def _is_sycl_option(c):
    return c.startswith("-fsycl-") or c.startswith("-fno-sycl-")

def uses_openmp(flags):
    """Whether compile flags turn OpenMP on (-fopenmp, -fopenmp=libomp; a later -fno-openmp turns it off).

    Args:
      flags: the flags, in order.

    Returns:
      bool.
    """
    on = False
    for f in flags:
        if f == "-fopenmp" or f.startswith("-fopenmp="):
            on = True
        elif f == "-fno-openmp":
            on = False
    return on

def _own_includes(ctx):
    """The target's own include directories and virtual-include headers.

    The includes attribute is package-relative: its directories, relative to the
    execution root, are searched by the target's own compiles and by its dependents'
    (through the compilation context).

    Returns:
      (list of string, list of File).
    """
    own_includes = [paths.normalize(paths.join(ctx.label.workspace_root, ctx.label.package, i)) for i in ctx.attr.includes]
    virtual_hdrs, virtual_dir = virtual_includes(ctx)
    if virtual_dir:
        own_includes.append(virtual_dir)
    return own_includes, virtual_hdrs

def _openmp(tc, flags, host_flags):
    """OpenMP's flags and headers, for copts or --copt -fopenmp.

    The host compile is clang's, whose code calls LLVM's libomp, which the program links
    (uses_openmp); the device front end reads omp.h.

    Returns:
      (bool, omp.h Files, the flags that find it).
    """
    if not uses_openmp(flags + host_flags):
        return False, [], []
    if not tc.openmp.runtime or not tc.openmp.include:
        fail("-fopenmp: the SYCL host compile is clang's, whose OpenMP code needs LLVM's OpenMP runtime (libomp and omp.h), which the SYCL toolchain has none of: install it (Debian: libomp-22-dev; rules_sycl's tools/bootstrap.sh does) and fetch @sycl_llvm again (bazel sync --only=sycl_llvm)", attr = "copts")
    return True, tc.openmp.include, ["-isystem", tc.openmp.include[0].dirname]

def _host_pch(ctx, tc):
    """Whether the host compiles read a precompiled <sycl/sycl.hpp> (the host_pch policy).

    "auto" follows --@rules_sycl//sycl:host_pch. "on" is refused for a target whose
    front end has no DPC++ headers (no sycl.hpp to precompile).
    """
    value = getattr(ctx.attr, "host_pch", "off")
    if value == "auto":
        return ctx.attr._host_pch_flag[BuildSettingInfo].value
    if value == "on" and ctx.files.srcs and not FRONT_ENDS[front_end_name(tc)]["integration_headers"]:
        fail("host_pch precompiles DPC++'s <sycl/sycl.hpp>; this target's SYCL toolchain is of the clang family (rsycl headers, no sycl.hpp)", attr = "host_pch")
    return value == "on"

def create_common(ctx, traits, devices_config):
    """Gathers what every action of a SYCL target needs, once: the rules' policy.

    Args:
      ctx: the rule context (srcs, hdrs, deps, defines, copts, _runtime attributes).
      traits: the generated aspect traits header (File); every compile -includes it.
      devices_config: the device configuration file the sycl-device actions read (File).

    Returns:
      A struct. flags: the include, define and copt flags of host and device compiles
      (with the C++ toolchain's sysroot); device_flags: the copts only the device front
      end takes (-fsycl-*); host_copts: the other copts; host_flags: the C++ toolchain's
      flags for the host compile; host_via_cc: the C++ toolchain compiles the host side
      (SYCL_HOST_COMPILER_FEATURE); host_pch: the host compiles read a precompiled
      sycl.hpp; headers: what a TU may include; compile_inputs: headers and the
      compiler's files; pch_inputs: compile_inputs without the target's own headers;
      hdrs: the target's own headers, which dependents see.
    """
    _check_source_names(ctx.files.srcs)
    tc = find_sycl_toolchain(ctx)

    # A program's runtime (its headers: <sycl/sycl.hpp> of DPC++) joins the rsycl headers.
    runtime = [program_runtime(ctx)] if hasattr(ctx.attr, "runtime") else []
    cc = compilation_context(ctx.attr.deps + getattr(ctx.attr, "implementation_deps", []) + [ctx.attr._runtime] + runtime)
    cc_toolchain, fc = cc_setup(ctx)
    host_flags, std_flags = host_compile_flags(ctx, cc_toolchain, fc)
    own_includes, virtual_hdrs = _own_includes(ctx)
    traits_flags = ["-I", traits.dirname, "-include", traits.path]
    host_copts, device_copts = split_copts(ctx)
    flags = std_flags + _include_flags(ctx, cc) + ["-I" + d for d in own_includes] + ["-D" + d for d in ctx.attr.defines + ctx.attr.local_defines] + host_copts + traits_flags
    debug, opt_level = device_debug_and_opt(host_flags)
    if debug:
        # After the front end's -gline-tables-only: full debug info, kept to the images.
        flags.append("-g")

    # The C++ toolchain's sysroot holds the standard library headers every TU includes:
    # the device compile reads them from there too (declared inputs, not the host's /usr).
    toolchain_files = [cc_toolchain.all_files] if cc_toolchain.sysroot else []
    if cc_toolchain.sysroot:
        flags = ["--sysroot=" + cc_toolchain.sysroot] + flags
    hdrs = ctx.files.hdrs + ctx.files.textual_hdrs + virtual_hdrs + [traits]
    openmp, openmp_files, openmp_flags = _openmp(tc, flags, host_flags)
    return struct(
        tc = tc,
        cc = cc,
        cc_toolchain = cc_toolchain,
        feature_configuration = fc,
        device_debug = debug,
        device_opt_level = opt_level,
        host_via_cc = cc_common.is_enabled(feature_configuration = fc, feature_name = SYCL_HOST_COMPILER_FEATURE),
        host_pch = _host_pch(ctx, tc),
        openmp = openmp,
        traits = traits,
        traits_flags = tuple(traits_flags),
        own_includes = own_includes,
        devices_config = devices_config,
        flags = tuple(flags + openmp_flags),
        device_flags = tuple(device_copts),
        host_copts = tuple(host_copts),
        defines = ctx.attr.defines,
        local_defines = ctx.attr.local_defines,
        # C++17 (SYCL 2020's, DPC++'s headers' minimum) for the C++ toolchain's compiles
        # too, whatever its own default (Bazel's autodetected toolchain says -std=c++0x),
        # unless --copt/--cxxopt or copts name a standard.
        cc_std_flags = () if [f for f in std_flags if f.startswith("-std=")] or [c for c in ctx.attr.copts if c.startswith("-std=")] else ("-std=c++17",),
        host_flags = tuple(host_flags),
        headers = depset(hdrs, transitive = [cc.headers] + toolchain_files),
        compile_inputs = depset(hdrs + openmp_files, transitive = [cc.headers, tc.compile_files] + toolchain_files),
        # What a compile of the runtime's headers alone reads (host_pch's PCH): not the
        # target's own headers, so that editing them leaves the PCH alone.
        pch_inputs = depset([traits], transitive = [cc.headers, tc.compile_files] + toolchain_files),
        srcs = ctx.files.srcs,
        # The target's own headers: what its dependents may include (textual ones among
        # them), and the part of it the C++ toolchain's compile takes as headers.
        hdrs = ctx.files.hdrs + ctx.files.textual_hdrs + virtual_hdrs,
        cc_hdrs = ctx.files.hdrs + virtual_hdrs,
        textual_hdrs = ctx.files.textual_hdrs,
    )

def source_language(src):
    """The options that make the driver read src as C++: `-x c++` for a `.c` file.

    icpx -fsycl and clang++ compile a `.c` file as C++ (SYCL code in `.c` files exists
    in the wild); a clang driver that is not in C++ mode, or the C++ toolchain's C
    compile action, would read it as C.

    Args:
      src: the source File.

    Returns:
      list of string, to put right before the source on the command line.
    """
    return ["-x", "c++"] if src.extension == "c" else []

def scratch_path(ctx, path):
    """The output path prefix of a target's intermediate files: _sycl/<name>/<path>.

    Args:
      ctx: the rule context.
      path: the path below the target's directory.

    Returns:
      string.
    """
    return "_sycl/%s/%s" % (ctx.label.name, path)

def program_runtime(ctx):
    """The sycl_runtime target a program links: its runtime attribute, else the flag's.

    Args:
      ctx: the rule context of sycl_binary or sycl_test.

    Returns:
      The Target (with SyclRuntimeInfo and CcInfo).
    """
    return ctx.attr.runtime or getattr(ctx.attr, "_runtime_flag", None)

# Attributes of every rule that compiles SYCL sources.
COMPILE_ATTRS = {
    "srcs": attr.label_list(allow_files = [".cpp", ".cc", ".cxx", ".c++", ".c"], doc = "SYCL C++ sources. A `.c` file is compiled as C++, as `icpx -fsycl` and `clang++` compile it."),
    "hdrs": attr.label_list(allow_files = [".h", ".hpp", ".hh", ".hxx", ".inc"], doc = "Headers."),
    "textual_hdrs": attr.label_list(allow_files = True, doc = "Files the sources `#include` that are not compiled by themselves (kernels in a `.cpp` or `.sycl` file, `.def` tables), as cc_library's textual_hdrs: inputs of this target's compiles and of its dependents'."),
    "deps": attr.label_list(providers = [[CcInfo]], doc = "sycl_library or cc_library targets."),
    "copts": attr.string_list(doc = "Extra compiler options (host and device)."),
    "defines": attr.string_list(doc = "Preprocessor defines (this target's compiles and its dependents')."),
    "local_defines": attr.string_list(doc = "Preprocessor defines of this target's own compiles only (host and device), not its dependents'."),
    "includes": attr.string_list(doc = "Include directories, relative to the package (this target's compiles and its dependents')."),
    "host_pch": attr.string(default = "auto", values = ["auto", "on", "off"], doc = "Compile DPC++'s <sycl/sycl.hpp> once for this target into a precompiled header that its host compiles read (on), or not (off); auto follows --@rules_sycl//sycl:host_pch. Each TU must include <sycl/sycl.hpp> before anything the header could see (a #define, a conditional, code); the build checks it and names the line. DPC++ toolchains only; a target of one source compiles without it (nothing to share)."),
    "_host_pch_flag": attr.label(default = Label("//sycl:host_pch")),
    "_cc_toolchain": attr.label(default = "@bazel_tools//tools/cpp:current_cc_toolchain"),
    "_runtime": attr.label(default = Label("//runtime")),
}
