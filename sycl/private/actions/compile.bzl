"""Compile actions: the device and host compile of each TU, and its compiles per device-IR key."""

load("@bazel_skylib//rules:common_settings.bzl", "BuildSettingInfo")
load("//sycl/private:common.bzl", "scratch_path", "source_language")
load("//sycl/private:steps.bzl", "step")
load("//sycl/private:toolchain.bzl", "sycl_device_tool")
load("//toolchain:devices.bzl", "DEVICE_FRONT_END_FLAGS")

# Upstream clang's device front-end options: DEVICE_FRONT_END_FLAGS, from Go's
# devconfig.ClangDeviceFlags (no LLVM passes before propagation; line tables for the
# device_has diagnostics; -no-canonical-prefixes).

def _stem(ctx, src):
    return scratch_path(ctx, src.short_path.replace("/", "_").rsplit(".", 1)[0])

def checked_compile(tc, cc_toolchain, src, what, argv, inputs, outputs, mnemonic, message):
    """A step of a compile by tc.clang, through `sycl-device checked-compile`.

    The compile writes its dependency file (-MD), and every file it read must be one of
    inputs or under the C++ toolchain's built-in include directories: an absolute
    #include or a header no rule declares fails the action, naming the file, as Bazel's
    C++ rules fail an undeclared inclusion (otherwise its edits would not make the
    compile run again).

    Args:
      tc: the SyclToolchainInfo (clang, sycl_device).
      cc_toolchain: the C++ toolchain.
      src: the source File (the messages name it).
      what: "device" or "host".
      argv: clang's arguments.
      inputs: depset of what the compile reads.
      outputs: list of File.
      mnemonic: the action mnemonic.
      message: the progress message.

    Returns:
      struct: the step.
    """
    builtin = ["--builtin-include-dir=" + d for d in cc_toolchain.built_in_include_directories]
    return step(
        tc.sycl_device,
        ["checked-compile", "--source=" + src.path, "--what=" + what] + builtin + ["--", tc.clang] + argv,
        depset([tc.clang], transitive = [inputs]),
        outputs,
        mnemonic,
        message,
        list_inputs = "--declared-inputs=%s",
        list_inputs_after = 1,
    )

def _tu_compile(ctx, steps, common, src, mode_flags, ext, mnemonic, what):
    out = ctx.actions.declare_file(_stem(ctx, src) + ext)
    steps.append(checked_compile(
        common.tc,
        common.cc_toolchain,
        src,
        what,
        mode_flags + list(common.flags) + source_language(src) + [src, "-o", out],
        depset([src], transitive = [common.compile_inputs]),
        [out],
        mnemonic,
        "Compiling SYCL %s code %s" % (what, src.short_path),
    ))
    return out

def device_compile(ctx, steps, common, src):
    """SyclDeviceCompile of src: clang's SYCL device front end (spir64), to textual IR.

    Returns the device IR File (.dev.ll), not yet optimised (common: create_common's).
    """
    return _tu_compile(ctx, steps, common, src, ["-fsycl", "-fsycl-device-only", "-S", "-emit-llvm"] + DEVICE_FRONT_END_FLAGS + list(common.device_flags), ".dev.ll", "SyclDeviceCompile", "device")

def host_compile(ctx, steps, common, src):
    """SyclHostCompile: the host side of a TU, a plain object file.

    The SYCL toolchain's clang runs with the C++ toolchain's flags (common.host_flags:
    compilation mode, --copt, features, PIC), so that -c dbg, -c opt and --copt reach
    SYCL host objects as they reach cc_library's. Returns the object File (.o).
    """
    return _tu_compile(ctx, steps, common, src, list(common.host_flags) + ["-Xclang", "-fsycl-is-host", "-c"], ".o", "SyclHostCompile", "host")

def cc_host_compile(ctx, common):
    """The host side of every TU through the C++ toolchain (cc_common.compile: CppCompile).

    For C++ toolchains whose compiler compiles SYCL host code (common.host_via_cc): the
    compilation mode, --copt, --per_file_copt, --features and the toolchain's own flags
    apply as to cc_library's sources; -fsycl-is-host and the traits header are added.

    Args:
      ctx: the rule context.
      common: the struct of create_common.

    Returns:
      The position-independent object Files, one per source.
    """
    _, outputs = cc_common.compile(
        name = ctx.label.name,
        actions = ctx.actions,
        feature_configuration = common.feature_configuration,
        cc_toolchain = common.cc_toolchain,
        srcs = common.srcs,
        private_hdrs = common.cc_hdrs + [common.traits],
        additional_inputs = common.textual_hdrs,
        compilation_contexts = [common.cc],
        includes = common.own_includes,
        defines = ctx.attr.defines,
        local_defines = ctx.attr.local_defines,
        user_compile_flags = list(common.cc_std_flags) + ["-Xclang", "-fsycl-is-host"] + list(common.traits_flags) + list(common.host_copts) +
                             (["-x", "c++"] if [s for s in common.srcs if s.extension == "c"] else []),
        disallow_nopic_outputs = True,
    )
    return outputs.pic_objects

# DPC++'s device front end runs its own SYCL passes (aspect propagation among them) in its
# optimisation pipeline, so it runs with the program's optimisation level and no
# -disable-llvm-passes. A oneAPI install's driver finds its own headers and resource
# directory next to its real path (it runs in place, as the host's tools do).
DPCPP_DEVICE_FLAGS = ["-fdebug-compilation-dir=."]

def dpcpp_device_compile(ctx, steps, common, src):
    """SyclDeviceCompile of a DPC++ toolchain: spir64 device IR, integration header and footer.

    What DPC++'s driver runs for the device side of a TU (-fsycl-is-device with
    -fsycl-int-header and -fsycl-int-footer), as one action: icpx's driver, or, for a
    toolchain with a front_end, rules_sycl's sycl-jit-fe over DPC++'s compiler library
    from Intel's runtime wheel (its bitcode, .dev.bc; _jit_front_end_step).

    Args:
      ctx: the rule context.
      steps: the step list to append to.
      common: the struct of create_common.
      src: the source File.

    Returns:
      struct(ir, header, footer): the device IR File and the two generated headers.
    """
    stem = _stem(ctx, src)
    tc = common.tc
    header = ctx.actions.declare_file(stem + ".int_header.h")
    footer = ctx.actions.declare_file(stem + ".int_footer.h")
    if tc.front_end:
        ir = ctx.actions.declare_file(stem + ".dev.bc")
        steps.append(_jit_front_end_step(
            tc,
            src,
            ir,
            ["--int-header=" + header.path, "--int-footer=" + footer.path],
            [common.device_opt_level],
            list(common.device_flags) + list(common.flags) + source_language(src),
            common.compile_inputs,
            [header, footer],
            "",
            common.cc_toolchain,
        ))
        return struct(ir = ir, header = header, footer = footer)
    ir = ctx.actions.declare_file(stem + ".dev.ll")
    steps.append(checked_compile(
        tc,
        common.cc_toolchain,
        src,
        "device",
        ["-fsycl", "-fsycl-device-only", "-S", "-emit-llvm", "-Xclang", "-fsycl-int-header=" + header.path, "-Xclang", "-fsycl-int-footer=" + footer.path] +
        [common.device_opt_level] + DPCPP_DEVICE_FLAGS + list(common.device_flags) + list(common.flags) + source_language(src) + [src, "-o", ir],
        depset([src], transitive = [common.compile_inputs]),
        [ir, header, footer],
        "SyclDeviceCompile",
        "Compiling SYCL device code %s (DPC++: spir64, integration header and footer)" % src.short_path,
    ))
    return struct(ir = ir, header = header, footer = footer)

def _jit_front_end_step(tc, src, out, outputs_args, target_args, flags, inputs, more_outputs, what, cc_toolchain):
    """The step of sycl-jit-fe (DPC++'s front end from the runtime wheel) for one TU.

    It never gets -g: with it, the front end's spir64 code differed (a
    reqd_sub_group_size kernel ran with sub-groups of 1, specialization-constant reads
    lost their constant symbolic IDs), so device debug info is not offered with it.

    Args:
      tc: the SyclToolchainInfo (with a front_end).
      src: the source File.
      out: the bitcode File.
      outputs_args: more output arguments (--int-header=, --int-footer=).
      target_args: the optimisation level and any target arguments, first driver args.
      flags: the TU's compile flags (-g is dropped).
      inputs: depset of what the compile reads besides src and the front end's files.
      more_outputs: the Files of outputs_args.
      what: appended to the progress message (" for <triple>").
      cc_toolchain: the C++ toolchain, whose built-in include directories the compile
        may read without declaring them (as Bazel's C++ compiles may).

    Returns:
      struct: the step. sycl-jit-fe checks every file the compile read against its
      inputs (an undeclared inclusion fails it, as in Bazel's C++ compiles).
    """
    builtin = ["--builtin-include-dir=" + d for d in cc_toolchain.built_in_include_directories]
    return step(
        tc.front_end,
        ["--library=" + tc.front_end_library.path, "--source=" + src.path, "--output=" + out.path] + outputs_args + builtin + ["--"] +
        target_args + DPCPP_DEVICE_FLAGS + [f for f in flags if f != "-g"],
        depset([src], transitive = [inputs, tc.front_end_files]),
        [out] + more_outputs,
        "SyclDeviceCompile",
        "Compiling SYCL device code %s%s (DPC++'s front end from Intel's runtime wheel)" % (src.short_path, what),
        list_inputs = "--declared-inputs=%s",
    )

def dpcpp_jit_target_compile(ctx, steps, tc, tu, index, triple, opt_level, cc_toolchain):
    """SyclDeviceCompile of DPC++'s front end from the runtime wheel for an AOT SPIR triple.

    The library refuses -fsycl-targets; the triple is given to its front end directly
    (-Xclang -triple), which then compiles as DPC++'s driver does for that target: kernels
    that read specialization constants get the buffer their emulation reads. The
    integration header does not depend on the target (the TU's spir64 compile writes it).

    Args:
      ctx: the rule context.
      steps: the step list to append to.
      tc: the SyclToolchainInfo (with a front_end).
      tu: struct(src, flags, inputs) from SyclInfo.tus.
      index: the TU's position (keeps output names unique).
      triple: the device triple (spir64_gen, spir64_x86_64).
      opt_level: the device optimisation level.
      cc_toolchain: the C++ toolchain (its built-in include directories).

    Returns:
      The device IR File (bitcode).
    """
    bc = ctx.actions.declare_file(scratch_path(ctx, "%s/%d_%s.dev.bc" % (triple, index, tu.src.basename.rsplit(".", 1)[0])))
    steps.append(_jit_front_end_step(
        tc,
        tu.src,
        bc,
        [],
        [opt_level, "-Xclang", "-triple", "-Xclang", triple + "-unknown-unknown"],
        list(tu.flags) + source_language(tu.src),
        depset(transitive = [tu.inputs, tc.compile_files]),
        [],
        " for " + triple,
        cc_toolchain,
    ))
    return bc

def _target_compile(ctx, steps, tc, tu, index, subdir, args, what, cc_toolchain):
    """SyclDeviceCompile of one TU again for one device-IR key, by the toolchain's clang.

    Args:
      ctx: the rule context.
      steps: the step list to append to.
      tc: the SyclToolchainInfo.
      tu: struct(src, flags, inputs) from SyclInfo.tus.
      index: the TU's position (keeps output names unique).
      subdir: the output directory under the rule's scratch directory (the target's name).
      args: the driver arguments before the TU's flags.
      what: the target, for the progress message.
      cc_toolchain: the C++ toolchain (its built-in include directories).

    Returns:
      The device IR File.
    """
    ll = ctx.actions.declare_file(scratch_path(ctx, "%s/%d_%s.dev.ll" % (subdir, index, tu.src.basename.rsplit(".", 1)[0])))
    steps.append(checked_compile(
        tc,
        cc_toolchain,
        tu.src,
        "device",
        args + list(tu.flags) + source_language(tu.src) + [tu.src, "-o", ll],
        depset([tu.src], transitive = [tu.inputs, tc.compile_files]),
        [ll],
        "SyclDeviceCompile",
        "Compiling SYCL device code %s for %s" % (tu.src.short_path, what),
    ))
    return ll

def dpcpp_target_compile(ctx, steps, tc, tu, index, offload, opt_level, cc_toolchain):
    """_target_compile for a DPC++ toolchain's offload target (-fsycl-targets=offload).

    DPC++ compiles a TU's device side once per offload target; every target but the
    spir64 triple gets its own compile (intel_gpu_pvc, nvidia_gpu_sm_90, spir64_gen), at
    the device optimisation level opt_level.
    """
    args = ["-fsycl", "-fsycl-device-only", "-fsycl-targets=" + offload, "-S", "-emit-llvm", opt_level] + DPCPP_DEVICE_FLAGS
    return _target_compile(ctx, steps, tc, tu, index, offload, args, offload + " (DPC++)", cc_toolchain)

def family_compile(ctx, steps, tc, tu, index, arch, family_args, cc_toolchain):
    """_target_compile by upstream clang for a family with IR of its own (NVIDIA, AMD).

    SPIR IR cannot be retargeted, so every TU is compiled once more per architecture
    (arch), with the family's front-end arguments (family_args: device_config's
    family_compile_args, from FAMILIES' clang_args).
    """
    return _target_compile(ctx, steps, tc, tu, index, arch, family_args + ["-S", "-emit-llvm"] + DEVICE_FRONT_END_FLAGS, arch, cc_toolchain)

# DPC++'s driver defines this for the host compile of every SYCL TU (unnamed lambda
# kernels are on by default); the integration header of an unnamed-lambda kernel needs it.
# What DPC++'s driver defines for the host side of a TU as for its device side: unnamed
# lambda kernels, and (-fsycl-id-queries-fit-in-int, on by default) that ids fit in int,
# which the device front end defines as 1 and DPC++'s headers would take as 0 on the host,
# compiling its range checks out. examples/sycl2020:macros_test compares the two sides.
DPCPP_HOST_DEFINES = ["-D__SYCL_UNNAMED_LAMBDA__", "-D__SYCL_ID_QUERIES_FIT_IN_INT__=1"]

def _host_pch_setting(ctx):
    """The host_pch attribute, "auto" resolved by the flag: (on, set explicitly)."""
    value = getattr(ctx.attr, "host_pch", "off")
    if value == "auto":
        return ctx.attr._host_pch_flag[BuildSettingInfo].value, False
    return value == "on", True

def check_host_pch(ctx, common):
    """Refuses host_pch = "on" on a target whose host compile cannot read the PCH.

    Args:
      ctx: the rule context.
      common: the struct of create_common.
    """
    on, explicit = _host_pch_setting(ctx)
    if not (on and explicit and common.srcs):
        return
    if common.tc.family != "dpcpp":
        fail("host_pch precompiles DPC++'s <sycl/sycl.hpp>; this target's SYCL toolchain is of the clang family (rsycl headers, no sycl.hpp)", attr = "host_pch")

# clang writes the absolute path of every input file into a PCH: with the working
# directory named /proc/self/cwd the PCH has the same bytes in every sandbox, output base
# and remote worker, and still names the files of the compile that reads it. Without
# timestamps clang checks the inputs' sizes, not their times (a remote worker's files
# are as new as their download).
_PCH_FLAGS = ["-working-directory", "/proc/self/cwd", "-Xclang", "-fno-pch-timestamp"]

def _include_dirs(flags):
    """The -iquote, -I and -isystem directories of a compile's flags, as pch-check flags.

    Read from the flags themselves, not from the compilation context, so that the check
    searches exactly where the compiler does: copts' own -I/-isystem included.
    """
    out = []
    take = None
    for f in flags:
        if take:
            out += [take, f]
            take = None
        elif f in ("-iquote", "-isystem", "-I"):
            take = "--" + f.lstrip("-")
        elif f.startswith("-I"):
            out += ["-I", f[2:]]
    return out

def dpcpp_host_pch(ctx, steps, common):
    """SyclHostPch: DPC++'s <sycl/sycl.hpp> precompiled for the target's host compiles.

    Built with the host compile's own flags (clang refuses a PCH whose macros or
    language options differ), plus SyclPchCheck: every source must include sycl.hpp before
    anything the PCH, read first, could change (sycl-device pch-check names the line).
    The PCH and the compiles that read it are SyclHostCompile-style steps of the SYCL
    toolchain's clang with the C++ toolchain's flags, also where the C++ toolchain
    compiles the host side itself (common.host_via_cc): the PCH names its inputs under
    /proc/self/cwd, which Bazel's check of a CppCompile's dependency file would refuse.
    None when the target's host compiles do not use one (host_pch off, or fewer than two
    sources: one compile gains nothing from it).

    Args:
      ctx: the rule context.
      steps: the step list to append to.
      common: the struct of create_common.

    Returns:
      struct(pch, check, inputs) of Files (inputs: what a compile that reads the PCH
      needs: it, the check, and the header it was built from), or None.
    """
    on, _ = _host_pch_setting(ctx)
    if not on or len(common.srcs) < 2:
        return None
    h = ctx.actions.declare_file(scratch_path(ctx, "pch/sycl_host_pch.h"))
    ctx.actions.write(h, "#include <sycl/sycl.hpp>\n")
    pch = ctx.actions.declare_file(scratch_path(ctx, "pch/sycl_host_pch.h.pch"))
    steps.append(step(
        common.tc.clang,
        list(common.host_flags) + ["-Xclang", "-fsycl-is-host"] + DPCPP_HOST_DEFINES + list(common.flags) + _PCH_FLAGS +
        ["-x", "c++-header", h, "-o", pch],
        depset([h], transitive = [common.pch_inputs]),
        [pch],
        "SyclHostPch",
        "Precompiling <sycl/sycl.hpp> for the host compiles of %s" % ctx.label,
    ))
    check = ctx.actions.declare_file(scratch_path(ctx, "pch/pch_check.txt"))
    steps.append(step(
        sycl_device_tool(ctx),
        ["pch-check", "-o", check] + _include_dirs(common.flags) + common.srcs,
        depset(common.srcs, transitive = [common.headers]),
        [check],
        "SyclPchCheck",
        "Checking that the sources of %s include <sycl/sycl.hpp> first (host_pch)" % ctx.label,
        sycl_device = True,
    ))
    return struct(pch = pch, check = check, inputs = [pch, check, h])

def dpcpp_host_compile(ctx, common, src, header, footer, index, steps = None, pch = None):
    """The host side of a TU of a DPC++ toolchain (CppCompile, or SyclHostCompile).

    As DPC++ does for -fsycl-host-compiler: the source with the integration footer
    appended (here: a generated file that #includes the source, then the footer, as
    append-file --use-include writes it) is compiled with -include of the integration
    header and -fsycl-is-host. Through the C++ toolchain when its compiler is clang
    (common.host_via_cc: the compilation mode, --copt, copts and defines apply as to
    cc_library's sources); otherwise by the SYCL toolchain's clang with the C++
    toolchain's flags (a SyclHostCompile step): GCC cannot compile DPC++'s host side
    (unnamed-lambda kernels need clang's __builtin_sycl_unique_stable_name).

    Args:
      ctx: the rule context.
      common: the struct of create_common.
      src: the source File.
      header: the integration header File.
      footer: the integration footer File.
      index: the TU's position (keeps compile names unique).
      steps: the step list SyclHostCompile is appended to when the C++ toolchain's
        compiler is not clang (None: compile through the C++ toolchain all the same).
      pch: dpcpp_host_pch's struct: the compile reads the precompiled sycl.hpp first (a
        SyclHostCompile step, whatever the C++ toolchain).

    Returns:
      The position-independent object File.
    """
    appended = ctx.actions.declare_file(_stem(ctx, src) + ".footer.cpp")
    ctx.actions.write(appended, '#include "%s"\n#include "%s"\n' % (src.path, footer.path))
    if pch or (not common.host_via_cc and steps != None):
        out = ctx.actions.declare_file(_stem(ctx, src) + ".o")
        use_pch = ["-include-pch", pch.pch] if pch else []
        steps.append(checked_compile(
            common.tc,
            common.cc_toolchain,
            src,
            "host",
            list(common.host_flags) + ["-Xclang", "-fsycl-is-host", "-c"] + use_pch + ["-include", header] + DPCPP_HOST_DEFINES +
            list(common.flags) + [appended, "-o", out],
            depset([src, appended, header, footer] + (pch.inputs if pch else []), transitive = [common.compile_inputs]),
            [out],
            "SyclHostCompile",
            "Compiling SYCL host code %s" % src.short_path,
        ))
        return out
    host_mode = ["-Xclang", "-fsycl-is-host"] if common.host_via_cc else []
    _, outputs = cc_common.compile(
        name = "%s_tu%d" % (ctx.label.name, index),
        actions = ctx.actions,
        feature_configuration = common.feature_configuration,
        cc_toolchain = common.cc_toolchain,
        srcs = [appended],
        private_hdrs = common.cc_hdrs + [common.traits, header, footer],
        additional_inputs = [src] + common.textual_hdrs,
        compilation_contexts = [common.cc],
        includes = common.own_includes,
        defines = ctx.attr.defines,
        local_defines = ctx.attr.local_defines,
        user_compile_flags = list(common.cc_std_flags) + ["-include", header.path] + host_mode + DPCPP_HOST_DEFINES + list(common.traits_flags) + list(common.host_copts),
        disallow_nopic_outputs = True,
    )
    return outputs.pic_objects[0]

def archive(ctx, tc, cc_toolchain, objects):
    """SyclArchive: the host objects of a library as a static archive.

    Args:
      ctx: the rule context.
      tc: the SyclToolchainInfo (its llvm-ar, else the C++ toolchain's ar).
      cc_toolchain: the CcToolchainInfo.
      objects: the object Files.

    Returns:
      The archive File (lib<name>.a).
    """
    out = ctx.actions.declare_file("lib%s.a" % ctx.label.name)
    args = ctx.actions.args()
    args.add("rcsD", out)
    args.add_all(objects)
    ctx.actions.run(
        executable = tc.llvm_ar if tc.llvm_ar else cc_toolchain.ar_executable,
        arguments = [args],
        inputs = depset(objects, transitive = [tc.tool_files if tc.llvm_ar else cc_toolchain.all_files]),
        outputs = [out],
        mnemonic = "SyclArchive",
        env = tc.env if tc.llvm_ar else {},
        progress_message = "Archiving SYCL host objects of %s" % ctx.label,
    )
    return out
