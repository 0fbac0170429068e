"""Upstream clang's SYCL device compiles (the clang front end)."""

load("//sycl/private:actions/checked_compile.bzl", "target_compile", "tu_compile")
load("//toolchain:devices.bzl", "DEVICE_FRONT_END_FLAGS")

# Upstream clang's device front-end options: DEVICE_FRONT_END_FLAGS, from Go's
# devconfig.ClangDeviceFlags (no LLVM passes before propagation; line tables for the
# device_has diagnostics; -no-canonical-prefixes).

def device_compile(ctx, steps, common, src):
    """SyclDeviceCompile of src: clang's SYCL device front end (spir64), to textual IR.

    Returns the device IR File (.dev.ll), not yet optimised (common: create_common's).
    """
    return tu_compile(ctx, steps, common, src, ["-fsycl", "-fsycl-device-only", "-S", "-emit-llvm"] + DEVICE_FRONT_END_FLAGS + list(common.device_flags), ".dev.ll", "SyclDeviceCompile", "device")

def family_compile(ctx, steps, tc, tu, index, arch, family_args, cc_toolchain):
    """target_compile by upstream clang for a family with IR of its own (NVIDIA, AMD).

    SPIR IR cannot be retargeted, so every TU is compiled once more per architecture
    (arch), with the family's front-end arguments (family_args: device_config's
    family_compile_args, from FAMILIES' clang_args).
    """
    return target_compile(ctx, steps, tc, tu, index, arch, family_args + ["-S", "-emit-llvm"] + DEVICE_FRONT_END_FLAGS, arch, cc_toolchain)
