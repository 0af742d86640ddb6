#!/usr/bin/env bash
# Builds the fuzzers (tests/fuzz) in a fuzzing build (ASan+UBSan, every layer instrumented for libFuzzer
# too), then replays the committed corpora and runs each fuzzer for a bounded time:
#   scripts/fuzz.sh [seconds]   each fuzzer fuzzes that long (default 20)
# The build goes to build-fuzz/ (override with WEFT_FUZZ_BUILD_DIR: scripts/dev.sh test points it at the
# build-asan/ it ran the sanitized tests in, which it configured the same way). What a run finds stays in
# its tests/fuzz/: new inputs in found/<fuzzer>/, a failing one as <fuzzer>-crash-<sha1>
# (tests/fuzz/README.md).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${WEFT_FUZZ_BUILD_DIR:-$root/build-fuzz}
seconds=${1:-20}

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
      -DWEFT_SANITIZE=address,undefined -DWEFT_FUZZ=ON -DWEFT_FUZZ_SECONDS="$seconds" >/dev/null
cmake --build "$build" --target weft_fuzzers -j "$(nproc)"
ctest --test-dir "$build" -L fuzz --output-on-failure -j "$(nproc)"
