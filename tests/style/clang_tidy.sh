#!/usr/bin/env bash
# Fails, naming the file, the line and the check, when a C++ source of the library, the privatizing plugin
# or the tools breaks one of the checks .clang-tidy lists.
#
#   tests/style/clang_tidy.sh <build directory> [<jobs>]
#
# The build directory's compile_commands.json says how each source compiles. Tests and benchmarks are left
# out: their code is held to the same rules by review, and leaving them out keeps the run to minutes.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:?usage: clang_tidy.sh <build directory> [<jobs>]}
jobs=${2:-$(nproc)}
mapfile -t sources < <(python3 - "$root" "$build/compile_commands.json" <<'PY'
import json, os, sys
root, database = sys.argv[1], sys.argv[2]
layers = ('runtime', 'privatize', 'shm', 'collectives', 'halo', 'rma', 'io', 'fabric', 'mpi_api', 'tools')
for entry in json.load(open(database)):
    path = os.path.relpath(os.path.join(entry['directory'], entry['file']), root)
    if path.split(os.sep)[0] in layers and path.endswith('.cpp'):
        print(os.path.join(root, path))
PY
)
if [[ ${#sources[@]} -eq 0 ]]; then
  echo "clang_tidy.sh: no library sources in $build/compile_commands.json" >&2
  exit 1
fi
echo "clang-tidy over ${#sources[@]} sources"
# run-clang-tidy exits non-zero when a finding is an error (WarningsAsErrors in .clang-tidy).
run-clang-tidy-19 -p "$build" -j "$jobs" -quiet "${sources[@]}"
