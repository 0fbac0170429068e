#!/usr/bin/env bash
# Builds the root file system of tools/tests/bot's sandbox: what a typical remote-execution
# container image has, and nothing more. The C runtime (glibc, libstdc++, libgcc_s), a
# shell (bash, and dash as /bin/sh) and coreutils with the libraries they load, copied
# from the host's Debian packages. No compiler, no /usr/include, no LLVM, no OpenCL: an action that reads a
# host file it did not declare fails there.
#
#   tools/tests/bot/make_image.sh DIR
set -euo pipefail
out="${1:?usage: make_image.sh DIR}"
PACKAGES=(libc6 libstdc++6 libgcc-s1 bash dash coreutils)
rm -rf "$out.tmp"
mkdir -p "$out.tmp/usr/bin" "$out.tmp/usr/sbin" "$out.tmp/usr/lib" "$out.tmp/usr/lib64"
dpkg-query -L "${PACKAGES[@]}" | while IFS= read -r f; do
  case "$f" in
    /usr/share/*|/etc/*|/var/*|*/gconv/*) continue ;;
  esac
  if [ -d "$f" ] && [ ! -L "$f" ]; then continue; fi
  [ -e "$f" ] || [ -L "$f" ] || continue
  # usr-merged: /bin, /sbin, /lib and /lib64 are links into /usr in the sandbox.
  case "$f" in
    /usr/*) rel="${f#/}" ;;
    /bin/*|/sbin/*|/lib/*|/lib64/*) rel="usr$f" ;;
    *) continue ;;
  esac
  mkdir -p "$out.tmp/$(dirname "$rel")"
  cp -a "$f" "$out.tmp/$rel"
done
ln -sfn dash "$out.tmp/usr/bin/sh"
# The libraries the shell and coreutils load (libtinfo, libselinux, libacl, ...).
for b in "$out.tmp"/usr/bin/*; do
  [ -f "$b" ] && [ ! -L "$b" ] || continue
  { ldd "$b" 2>/dev/null || true; } | awk '$3 ~ /^\// {print $3}'
done | sort -u | while IFS= read -r lib; do
  rel="usr/lib/x86_64-linux-gnu/$(basename "$lib")"
  [ -e "$out.tmp/$rel" ] || cp -L "$lib" "$out.tmp/$rel"
done
rm -rf "$out"
mv "$out.tmp" "$out"
echo "make_image: $(find "$out" -type f | wc -l) files, $(du -sh "$out" | cut -f1) in $out (${PACKAGES[*]})"
