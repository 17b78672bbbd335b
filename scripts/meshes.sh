#!/usr/bin/env bash
# Extracts the real test meshes from Debian's libcgal-demo into the build tree.
# Nothing of them is committed. Usage: scripts/meshes.sh OUTDIR
set -euo pipefail
out=${1:?usage: meshes.sh OUTDIR}
tarball=/usr/share/doc/libcgal-dev/data.tar.gz
if [ -f "$out/.extracted" ]; then exit 0; fi
if [ ! -f "$tarball" ]; then
  echo "meshes: $tarball not found; run 'make deps' (package libcgal-demo)" >&2
  exit 1
fi
mkdir -p "$out"
tar -xzf "$tarball" -C "$out" --strip-components=2 data/meshes
touch "$out/.extracted"
echo "meshes: extracted $(ls "$out" | wc -l) files into $out"
