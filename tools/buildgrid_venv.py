#!/usr/bin/env python3
"""Installs BuildGrid, pinned in versions.bzl, into a project-local virtual environment.

    buildgrid_venv.py --versions versions.bzl --cache DIR --out DIR

Reads BUILDGRID_WHEELS (name -> (version, sha256)) from versions.bzl with Python's own
parser, writes them as a requirements file with hashes and lets pip install exactly
those wheels (--require-hashes --no-deps --only-binary=:all:, downloads kept in the
cache) into a virtual environment at OUT. The environment is made at OUT itself (a venv
cannot be moved), after removing an older one; OUT/bin/bgd is BuildGrid's command. Exits 1 with pip's words when a wheel is missing or a hash
differs.
"""

import argparse
import ast
import os
import shutil
import subprocess
import sys


def fail(msg):
    print("buildgrid_venv: error: " + msg, file=sys.stderr)
    sys.exit(1)


def pins(path):
    tree = ast.parse(open(path, encoding="utf-8").read(), path)
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "BUILDGRID_WHEELS" for t in node.targets):
            return ast.literal_eval(node.value)
    fail(path + ": no BUILDGRID_WHEELS")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--versions", required=True)
    ap.add_argument("--cache", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    wheels = pins(a.versions)
    if "buildgrid" not in wheels:
        fail(a.versions + ": BUILDGRID_WHEELS has no buildgrid")
    if os.path.exists(a.out):
        shutil.rmtree(a.out)
    req = a.out + ".requirements.txt"
    with open(req, "w", encoding="utf-8") as f:
        for name, (version, sha) in sorted(wheels.items()):
            f.write("%s==%s --hash=sha256:%s\n" % (name, version, sha))
    try:
        subprocess.run([sys.executable, "-m", "venv", a.out], check=True)
        pip = [os.path.join(a.out, "bin", "python"), "-m", "pip"]
        subprocess.run(pip + ["install", "--quiet", "--disable-pip-version-check", "--no-deps",
                              "--only-binary=:all:", "--require-hashes", "--cache-dir", a.cache, "-r", req], check=True)
        subprocess.run([os.path.join(a.out, "bin", "python"), "-c", "import buildgrid._app.cli"], check=True)
    except subprocess.CalledProcessError as e:
        shutil.rmtree(a.out, ignore_errors=True)
        fail("%s exited with %d (its words are above)" % (" ".join(e.cmd[:4]), e.returncode))
    finally:
        os.remove(req)


if __name__ == "__main__":
    main()
