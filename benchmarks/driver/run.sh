#!/usr/bin/env bash
# The benchmark suite in one command: Weft against MPICH and Open MPI on this machine.
#   benchmarks/driver/run.sh [--quick] [--publish]      (--help for every option)
# Installs the Debian packages the comparison needs, then runs compare.py with Debian's python3 (it needs
# python3-matplotlib, which another python3 first on PATH would not have). compare.py builds Weft itself
# with scripts/dev.sh build, which installs Weft's own build packages.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# MPICH and Open MPI with their compiler wrappers (mpifort runs gfortran), and what the driver draws its plots
# with.
packages=(mpich libmpich-dev openmpi-bin libopenmpi-dev gfortran python3 python3-matplotlib)

"$here/../../scripts/install-packages.sh" "${packages[@]}"

exec /usr/bin/python3 "$here/compare.py" "$@"
