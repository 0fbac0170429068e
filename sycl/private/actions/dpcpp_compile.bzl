"""DPC++'s device compiles: its driver (icpx, intel/llvm's clang++) and sycl-jit-fe over
DPC++'s front end from Intel's runtime wheel."""

load("//sycl/private:actions/checked_compile.bzl", "checked_compile", "target_compile", "tu_stem")
load("//sycl/private:common.bzl", "scratch_path", "source_language")
load("//sycl/private:steps.bzl", "step")

# DPC++'s device front end runs its own SYCL passes (aspect propagation among them) in its
# optimisation pipeline, so it runs with the program's optimisation level and no
# -disable-llvm-passes. A oneAPI install's driver finds its own headers and resource
# directory next to its real path (it runs in place, as the host's tools do).
DPCPP_DEVICE_FLAGS = ["-fdebug-compilation-dir=."]

def _integration_headers(ctx, src):
    stem = tu_stem(ctx, src)
    return ctx.actions.declare_file(stem + ".int_header.h"), ctx.actions.declare_file(stem + ".int_footer.h")

def driver_device_compile(ctx, steps, common, src):
    """SyclDeviceCompile of DPC++'s driver: spir64 device IR, integration header and footer.

    What DPC++'s driver runs for the device side of a TU (-fsycl-is-device with
    -fsycl-int-header and -fsycl-int-footer), as one action.

    Args:
      ctx: the rule context.
      steps: the step list to append to.
      common: the struct of create_common.
      src: the source File.

    Returns:
      struct(ir, header, footer): the device IR File and the two generated headers.
    """
    header, footer = _integration_headers(ctx, src)
    ir = ctx.actions.declare_file(tu_stem(ctx, src) + ".dev.ll")
    steps.append(checked_compile(
        common.tc,
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

def jit_device_compile(ctx, steps, common, src):
    """SyclDeviceCompile of sycl-jit-fe: DPC++'s front end from Intel's runtime wheel.

    The same outputs as driver_device_compile's, the device IR as bitcode (.dev.bc).

    Args:
      ctx: the rule context.
      steps: the step list to append to.
      common: the struct of create_common.
      src: the source File.

    Returns:
      struct(ir, header, footer).
    """
    header, footer = _integration_headers(ctx, src)
    ir = ctx.actions.declare_file(tu_stem(ctx, src) + ".dev.bc")
    steps.append(_jit_front_end_step(
        common.tc,
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

def _jit_front_end_step(tc, src, out, outputs_args, target_args, flags, inputs, more_outputs, what, cc_toolchain):
    """The step of sycl-jit-fe (DPC++'s front end from the runtime wheel) for one TU.

    It never gets -g: with it, the front end's spir64 code differed (a
    reqd_sub_group_size kernel ran with sub-groups of 1, specialization-constant reads
    lost their constant symbolic IDs), so device debug info is not offered with it.

    Args:
      tc: the SyclToolchainInfo (front end dpcpp-jit).
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
        tc.front_end.jit.executable,
        ["--library=" + tc.front_end.jit.library.path, "--source=" + src.path, "--output=" + out.path] + outputs_args + builtin + ["--"] +
        target_args + DPCPP_DEVICE_FLAGS + [f for f in flags if f != "-g"],
        depset([src], transitive = [inputs, tc.front_end.jit.files]),
        [out] + more_outputs,
        "SyclDeviceCompile",
        "Compiling SYCL device code %s%s (DPC++'s front end from Intel's runtime wheel)" % (src.short_path, what),
        list_inputs = "--declared-inputs=%s",
    )

def jit_target_compile(ctx, steps, tc, tu, index, triple, opt_level, cc_toolchain):
    """SyclDeviceCompile of DPC++'s front end from the runtime wheel for an AOT SPIR triple.

    The library refuses -fsycl-targets; the triple is given to its front end directly
    (-Xclang -triple), which then compiles as DPC++'s driver does for that target: kernels
    that read specialization constants get the buffer their emulation reads. The
    integration header does not depend on the target (the TU's spir64 compile writes it).

    Args:
      ctx: the rule context.
      steps: the step list to append to.
      tc: the SyclToolchainInfo (front end dpcpp-jit).
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

def driver_target_compile(ctx, steps, tc, tu, index, offload, opt_level, cc_toolchain):
    """target_compile for a DPC++ toolchain's offload target (-fsycl-targets=offload).

    DPC++ compiles a TU's device side once per offload target; every target but the
    spir64 triple gets its own compile (intel_gpu_pvc, nvidia_gpu_sm_90, spir64_gen), at
    the device optimisation level opt_level.
    """
    args = ["-fsycl", "-fsycl-device-only", "-fsycl-targets=" + offload, "-S", "-emit-llvm", opt_level] + DPCPP_DEVICE_FLAGS
    return target_compile(ctx, steps, tc, tu, index, offload, args, offload + " (DPC++)", cc_toolchain)
