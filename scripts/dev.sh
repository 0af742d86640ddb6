#!/usr/bin/env bash
# The two commands of the README, on a fresh Debian 12 machine:
#   scripts/dev.sh demo   installs what is missing, builds, runs the convolution demo on 256 ranks, zero-copy
#                         halos against copied ones
#   scripts/dev.sh test   installs what is missing, builds, runs the whole test suite, then a subset of it
#                         under AddressSanitizer and UBSan (docs/user-guide.md#sanitizers), then, in that
#                         sanitized build, the fuzzers, each for a bounded time (scripts/fuzz.sh)
# and `scripts/dev.sh build` for the build alone, `scripts/dev.sh sanitize` for the whole suite under
# AddressSanitizer and UBSan and a subset under ThreadSanitizer. The build goes to build/ (override with
# WEFT_BUILD_DIR), the sanitized builds beside it (build-asan, build-tsan).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${WEFT_BUILD_DIR:-$root/build}
jobs=$(nproc)

# Debian 12 packages the build and the tests need (help2man writes the man pages; flang-19 is mpifort's
# compiler and builds the mpi module).
packages=(clang-19 llvm-19-dev libomp-19-dev flang-19 libboost-context-dev libhwloc-dev libfabric-dev libpmix-dev libunwind-dev libdw-dev
          catch2 cmake ninja-build pkg-config gcc g++ libbenchmark-dev help2man)

# The tests also start a one-machine Slurm cluster (tests/slurm/) whose srun serves PMIx (mpi_pmix_v4 of
# slurm-wlm-basic-plugins), an ssh server on 127.0.0.1 (tests/ssh/) that mpirun reaches hosts through, debug jobs with gdb
# (tests/tools/gdb_session.sh); libclang-rt-19-dev holds clang's sanitizer runtimes and libFuzzer, for the
# sanitized builds and the fuzzers (tests/fuzz/); man-db and environment-modules read the installed man pages
# and modulefile, and dpkg-dev and file let cpack find the .deb's dependencies (tests/packaging/).
# autoconf and automake build a project with CC=mpicc FC=mpifort (tests/tools/autotools_project); clang-format-19
# checks the layout of the tree and clang-tidy-19 the checks of .clang-tidy (tests/style/).
test_packages=(slurmctld slurmd slurm-client slurm-wlm-basic-plugins munge openssh-server openssh-client
               gdb libclang-rt-19-dev man-db environment-modules dpkg-dev file autoconf automake
               clang-format-19 clang-tidy-19)

install_missing() {
  "$root/scripts/install-packages.sh" "${packages[@]}" "$@"
}

build_weft() {
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19
  cmake --build "$build" -j "$jobs"
}

# Sanitized builds (the WEFT_SANITIZE option) at -O1 with line tables only: they compile faster than the
# normal build and their reports still name files and lines.
configure_sanitized() {  # <build directory> <sanitizers> <WEFT_FUZZ>
  cmake -S "$root" -B "$1" -G Ninja -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
        -DWEFT_SANITIZE="$2" -DWEFT_FUZZ="$3" -DCMAKE_BUILD_TYPE=Debug \
        "-DCMAKE_C_FLAGS_DEBUG=-O1 -gline-tables-only" "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -gline-tables-only"
}

# Any finding ends the program, which fails its test.
export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/tests/lsan-suppressions.txt:print_suppressions=0}

# The subset <label> (tests/mpi_tests.cmake, weft_sanitizer_subset) in a sanitized build: only what it needs
# is built, then its labelled tests run with the unit tests it built (a unit test not built is not listed).
run_sanitizer_subset() {  # <build directory> <sanitizers> <label> <WEFT_FUZZ>
  configure_sanitized "$1" "$2" "$4"
  cmake --build "$1" -j "$jobs" --target "$3"
  ctest --test-dir "$1" --output-on-failure -j "$jobs" -L "^($3|unit)\$"
}

sanitized_build=${build}-asan
tsan_build=${build}-tsan

case "${1:-}" in
  build)
    install_missing
    build_weft
    ;;
  demo)
    install_missing
    build_weft
    # The MPIX_Halo paper's convolution on all cores, its ghost cells read in place and then copied.
    convolution=("$build/bin/mpirun" -n 256 "$build/examples/convolution")
    echo "== zero-copy: each rank reads its neighbours' edges in their own meshes (MPIX_Halo views)"
    "${convolution[@]}"
    echo "== copy: the same with ghost buffers filled by point-to-point (WEFT_HALO_COPY=1), as across nodes"
    WEFT_HALO_COPY=1 "${convolution[@]}"
    ;;
  test)
    install_missing "${test_packages[@]}"
    build_weft
    ctest --test-dir "$build" --output-on-failure -j "$jobs"
    # Within the CI's time, one sanitized build fits, not two: ASan+UBSan's subset here, whose build, with
    # libFuzzer's coverage, also runs the fuzzers; ThreadSanitizer's in `sanitize`
    # (docs/user-guide.md#sanitizers).
    run_sanitizer_subset "$sanitized_build" address,undefined address_sanitizer ON
    WEFT_FUZZ_BUILD_DIR=$sanitized_build "$root/scripts/fuzz.sh"
    ;;
  sanitize)
    install_missing "${test_packages[@]}"
    configure_sanitized "$sanitized_build" address,undefined OFF
    cmake --build "$sanitized_build" -j "$jobs"
    ctest --test-dir "$sanitized_build" --output-on-failure -j "$jobs"
    run_sanitizer_subset "$tsan_build" thread thread_sanitizer OFF
    ;;
  *)
    echo "usage: scripts/dev.sh demo|test|build|sanitize" >&2
    exit 2
    ;;
esac
