#!/usr/bin/env bash
# The two commands of the README, on a fresh Debian 12 machine:
#   scripts/dev.sh demo   installs what is missing, builds, runs the convolution demo on 256 ranks, zero-copy
#                         halos against copied ones
#   scripts/dev.sh test   installs what is missing, builds, runs the whole test suite, then builds the
#                         fuzzers and runs each for a bounded time (scripts/fuzz.sh)
# and `scripts/dev.sh build` for the build alone. The build goes to build/ (override with WEFT_BUILD_DIR).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${WEFT_BUILD_DIR:-$root/build}
jobs=$(nproc)

# Debian 12 packages the build and the tests need.
packages=(clang-19 llvm-19-dev libboost-context-dev libhwloc-dev libfabric-dev libpmix-dev libunwind-dev libdw-dev
          catch2 cmake ninja-build pkg-config gcc g++ libbenchmark-dev)

# The tests also check that flang loads the privatizing pass (large, so only for `test`), start a
# one-machine Slurm cluster (tests/slurm/) whose srun serves PMIx (mpi_pmix_v4 of slurm-wlm-basic-plugins),
# an ssh server on 127.0.0.1 (tests/ssh/) that mpirun reaches hosts through, debug jobs with gdb
# (tests/tools/gdb_session.sh); the fuzzers link clang's libFuzzer (tests/fuzz/).
test_packages=(flang-19 slurmctld slurmd slurm-client slurm-wlm-basic-plugins munge openssh-server openssh-client
               gdb libclang-rt-19-dev)

install_missing() {
  "$root/scripts/install-packages.sh" "${packages[@]}" "$@"
}

build_weft() {
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19
  cmake --build "$build" -j "$jobs"
}

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
    "$root/scripts/fuzz.sh"
    ;;
  *)
    echo "usage: scripts/dev.sh demo|test|build" >&2
    exit 2
    ;;
esac
