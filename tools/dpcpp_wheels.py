#!/usr/bin/env python3
"""Lays out Intel's DPC++ runtime from the PyPI wheels pinned in versions.bzl.

    dpcpp_wheels.py --versions versions.bzl (--cache DIR | --from-dir DIR) --out DIR

Reads DPCPP_WHEELS from versions.bzl with Python's own parser (the dict is a literal),
downloads each wheel with pip into the cache unless a file with the pinned sha256 is
already there (or, with --from-dir, takes the pinned files from DIR: what the
@sycl_dpcpp repository rule downloaded), checks every sha256, and extracts what a SYCL program needs at build and
run time into OUT (include/, lib/): libsycl and the SYCL headers, the Unified Runtime
loader with its OpenCL adapter, Intel's CPU OpenCL device and the libraries these load.
Copies of one library under several names (a wheel cannot hold symbolic links) become
links to one file. Finally every extracted shared library is checked with ldd: a library
that does not load on this machine's glibc/libstdc++ stops the bootstrap with ldd's words.
Writes OUT.new and renames it: all or nothing.

    dpcpp_wheels.py --versions versions.bzl --pins ONEMKL_WHEELS --cache DIR --fetch-only

only downloads another dict's wheels into the cache (checked the same way), where a
repository rule (@onemkl) takes them from (SYCL_DPCPP_WHEEL_MIRROR=file://DIR).
"""

import argparse
import ast
import fnmatch
import hashlib
import os
import shutil
import stat
import subprocess
import sys
import zipfile

# What the programs need, relative to a wheel's <name>.data/data/ directory.
KEEP = [
    "include/*",
    "lib/libsycl.so*",
    "lib/libsycl-jit.so*",
    "lib/libsycl_ur_trace_collector.so",
    "lib/libur_loader.so*",
    "lib/libur_adapter_opencl.so*",
    "lib/libumf.so*",
    "lib/libhwloc.so*",
    "lib/libimf.so",
    "lib/libsvml.so",
    "lib/libirng.so",
    "lib/libintlc.so*",
    "lib/libxptifw.so*",
    "lib/libOpenCL.so*",
    "lib/libintelocl.so*",
    "lib/libcommon_clang.so*",
    "lib/libtbb.so*",
    "lib/libtbbmalloc.so*",
    "lib/cl.cfg",
    "lib/clbltfn*.rtl",
    "lib/cllibrary*",
    "lib/libocl_svml_*.so",
]
# Not needed here: the preview ABI, debugger scripts. libsycl-jit (186 MB) is DPC++'s device
# front end (versions.bzl DPCPP_JIT).
DROP = ["lib/libsycl-preview*", "*-gdb.py"]


def fail(msg):
    print("dpcpp_wheels: error: " + msg, file=sys.stderr)
    sys.exit(1)


def read_pins(path, var="DPCPP_WHEELS"):
    tree = ast.parse(open(path).read(), path)
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == var for t in node.targets):
            return ast.literal_eval(node.value)
    fail("%s: no %s" % (path, var))


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def from_dir(pin, directory):
    path = os.path.join(directory, pin["file"])
    if not os.path.exists(path):
        fail("%s: missing" % path)
    got = sha256(path)
    if got != pin["sha256"]:
        fail("%s: sha256 %s, versions.bzl pins %s" % (path, got, pin["sha256"]))
    return path


def fetch(name, pin, cache):
    path = os.path.join(cache, pin["file"])
    if os.path.exists(path) and sha256(path) == pin["sha256"]:
        return path
    # The wheel's own platform tag (pip does not widen an explicit --platform to older
    # manylinux tags).
    platform = pin["file"][:-len(".whl")].rsplit("-", 1)[1].split(".")[0]
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--quiet",
           "--platform", platform, "-d", cache, "%s==%s" % (name, pin["version"])]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        fail("pip could not download %s==%s:\n%s" % (name, pin["version"], r.stdout.strip()))
    if not os.path.exists(path):
        fail("pip did not write %s" % path)
    got = sha256(path)
    if got != pin["sha256"]:
        fail("%s: sha256 %s, versions.bzl pins %s" % (path, got, pin["sha256"]))
    return path


def wanted(rel):
    return any(fnmatch.fnmatch(rel, p) for p in KEEP) and not any(fnmatch.fnmatch(rel, p) for p in DROP)


def extract(wheel, out, seen):
    with zipfile.ZipFile(wheel) as z:
        for info in z.infolist():
            parts = info.filename.split("/", 3)
            if len(parts) < 4 or not parts[0].endswith(".data") or parts[1] != "data" or info.is_dir():
                continue
            rel = parts[2] + "/" + parts[3]
            if not wanted(rel):
                continue
            dest = os.path.join(out, rel)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            mode = info.external_attr >> 16
            if stat.S_ISLNK(mode):
                os.symlink(z.read(info).decode(), dest)
                continue
            key = (os.path.dirname(rel), info.CRC, info.file_size)
            if rel.startswith("lib/") and key in seen and info.file_size > 4096:
                os.symlink(os.path.basename(seen[key]), dest)
                continue
            seen[key] = rel
            with z.open(info) as src, open(dest, "wb") as dst:
                shutil.copyfileobj(src, dst)
            os.chmod(dest, 0o755 if rel.startswith("lib/") else 0o644)


def check_libraries(out):
    lib = os.path.join(out, "lib")
    bad = []
    for name in sorted(os.listdir(lib)):
        path = os.path.join(lib, name)
        if ".so" not in name or os.path.islink(path):
            continue
        r = subprocess.run(["ldd", path], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           env=dict(os.environ, LD_LIBRARY_PATH=lib))
        missing = [l.strip() for l in r.stdout.splitlines() if "not found" in l]
        if missing:
            bad.append("%s: %s" % (name, "; ".join(missing)))
    if bad:
        fail("libraries that do not load here (ldd):\n  " + "\n  ".join(bad))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--versions", required=True)
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--cache", help="pip downloads the wheels into this directory")
    src.add_argument("--from-dir", help="the wheels are already in this directory")
    ap.add_argument("--out", help="the layout's directory (not with --fetch-only)")
    ap.add_argument("--pins", default="DPCPP_WHEELS", help="the versions.bzl dict of wheels (default DPCPP_WHEELS)")
    ap.add_argument("--fetch-only", action="store_true",
                    help="only download the wheels into --cache (checked against their sha256), for a repository rule to take from there")
    a = ap.parse_args()
    pins = read_pins(a.versions, a.pins)
    if a.cache:
        os.makedirs(a.cache, exist_ok=True)
    if a.fetch_only:
        if not a.cache:
            fail("--fetch-only needs --cache")
        for name in sorted(pins):
            fetch(name, pins[name], a.cache)
        return
    if not a.out:
        fail("--out is required")
    tmp = a.out + ".new"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    seen = {}
    for name in sorted(pins):
        wheel = from_dir(pins[name], a.from_dir) if a.from_dir else fetch(name, pins[name], a.cache)
        extract(wheel, tmp, seen)
    for need in ["include/sycl/sycl.hpp", "lib/libsycl.so", "lib/libur_adapter_opencl.so.0", "lib/libintelocl.so"]:
        if not os.path.lexists(os.path.join(tmp, need)):
            fail("the wheels lack %s" % need)
    check_libraries(tmp)
    with open(os.path.join(tmp, "VERSION"), "w") as f:
        for name in sorted(pins):
            f.write("%s %s\n" % (name, pins[name]["version"]))
    shutil.rmtree(a.out, ignore_errors=True)
    os.rename(tmp, a.out)


if __name__ == "__main__":
    main()
