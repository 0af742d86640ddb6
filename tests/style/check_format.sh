#!/usr/bin/env bash
# Fails, naming the files and lines, when a C or C++ file of the tree differs from the layout .clang-format
# describes. `clang-format-19 -i <file>` mends one.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
if [[ -e .git ]]; then
  mapfile -t files < <(git ls-files '*.c' '*.h' '*.cpp' '*.hpp')
else  # an unpacked source tree
  mapfile -t files < <(find . -path ./build\* -prune -o \( -name '*.c' -o -name '*.h' -o -name '*.cpp' -o -name '*.hpp' \) -print)
fi
# .clang-format-ignore lists the files that keep a layout of their own.
clang-format-19 --dry-run -Werror "${files[@]}"
