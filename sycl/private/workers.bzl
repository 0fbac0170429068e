"""Persistent-worker execution requirements of the sycl-device actions."""

load("@bazel_skylib//rules:common_settings.bzl", "BuildSettingInfo")

# sycl-device --persistent_worker speaks the JSON protocol and multiplexes. The worker
# key holds no per-target data: the action's only argument is its @params file, whose
# lines become the WorkRequest's arguments.
_REQUIREMENTS = {
    "requires-worker-protocol": "json",
    "supports-multiplex-workers": "1",
    "supports-workers": "1",
}

def worker_requirements(ctx):
    """Returns the execution requirements for a sycl-device action of ctx.

    Args:
      ctx: a rule context with the _workers_flag attribute.

    Returns:
      The worker requirements, or {} with --@rules_sycl//sycl:workers=false.
    """
    flag = getattr(ctx.attr, "_workers_flag", None)
    if flag and flag[BuildSettingInfo].value:
        return dict(_REQUIREMENTS)
    return {}
