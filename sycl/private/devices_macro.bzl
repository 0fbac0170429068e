"""Declares the built-in device toolchains and the sycl_device macro for users."""

load("//sycl/private:device_config.bzl", "CURRENT_TARGET", "DEVICE_TOOLCHAIN_TYPE", "sycl_device_config", "unknown_device")
load("//toolchain:devices.bzl", "DEVICES")

# What the built-in targets of a triple need besides their configuration (labels, so
# fetched and built only when such a target is built): NVIDIA's libdevice, which the
# images retargeted from DPC++'s SPIR code link, and Unified Runtime's CUDA adapter, which
# libsycl programs load to reach NVIDIA GPUs, and NVIDIA's ptxas (a cubin beside each PTX
# image) where the SYCL toolchain found none.
_DEVICE_LIBRARIES = {"nvptx64": ["@sycl_cuda//:libdevice"]}
_RUNTIME_ADAPTERS = {"nvptx64": ["@sycl_ur_cuda//:adapter"]}
_AOT_BINARIES = {"nvptx64": "@sycl_cuda//:ptxas"}

def sycl_device(name, target_name = None, **kwargs):
    """Declares a device target: a sycl_device_config, a config_setting and a toolchain.

    Register the toolchain `:<name>_toolchain` before rules_sycl_register_toolchains() (or
    pass --extra_toolchains) so that it takes precedence over the fallback.

    Args:
      name: rule name prefix.
      target_name: target name users select (default: name).
      **kwargs: sycl_device_config attributes (aspects, sub_group_sizes, ...).
    """
    target = target_name or name
    sycl_device_config(name = name, target_name = target, **kwargs)
    native.config_setting(
        name = name + "_selected",
        flag_values = {CURRENT_TARGET: target},
    )
    native.toolchain(
        name = name + "_toolchain",
        toolchain = ":" + name,
        toolchain_type = DEVICE_TOOLCHAIN_TYPE,
        target_settings = [":" + name + "_selected"],
    )

def declare_builtin_devices(name = "builtin"):  # buildifier: disable=unused-variable
    """Declares one toolchain per built-in target of toolchain/devices.bzl.

    Args:
      name: unused (macro convention).
    """
    for target, d in DEVICES.items():
        sycl_device(
            name = target,
            aspects = d["aspects"],
            sub_group_sizes = d["sub_group_sizes"],
            may_support_other_aspects = d["may_support_other_aspects"],
            triple = d["triple"],
            aot_tool = d["aot_tool"],
            aot_options = d["aot_options"],
            aliases = d["aliases"],
            device_libraries = _DEVICE_LIBRARIES.get(d["triple"], []),
            runtime_adapters = _RUNTIME_ADAPTERS.get(d["triple"], []),
            aot_binary = _AOT_BINARIES.get(d["triple"]),
        )

def declare_fallback_device(name = "unknown"):
    """Declares the fallback device toolchain, `<name>_toolchain`, which matches any name.

    It resolves when no registered device configuration has the requested name (the
    rules then read --@rules_sycl//sycl:device_config_file, or fail naming the known
    targets). rules_sycl registers it explicitly, after every other device toolchain.

    Args:
      name: the fallback's name.
    """
    unknown_device(name = name)
    native.toolchain(
        name = name + "_toolchain",
        toolchain = ":" + name,
        toolchain_type = DEVICE_TOOLCHAIN_TYPE,
    )
