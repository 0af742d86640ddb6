#!/usr/bin/env bash
# The benchmark suite in one command: Weft against MPICH and Open MPI on this machine.
#   benchmarks/driver/run.sh [--quick] [--publish]      (--help for every option)
# Installs the Debian packages the comparison needs, then runs compare.py with Debian's python3 (it needs
# python3-matplotlib, which another python3 first on PATH would not have). compare.py builds Weft itself
# with scripts/dev.sh build, which installs Weft's own build packages.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# MPICH and Open MPI with their compiler wrappers, and what the driver draws its plots with.
packages=(mpich libmpich-dev openmpi-bin libopenmpi-dev python3 python3-matplotlib)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]} > 0)); then
  apt=(apt-get)
  if ((EUID != 0)); then
    if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
      apt=(sudo apt-get)
    else
      echo "run.sh: these Debian packages are missing: ${missing[*]}" >&2
      echo "run.sh: run as root, or install them with: sudo apt-get install ${missing[*]}" >&2
      exit 1
    fi
  fi
  echo "run.sh: installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive "${apt[@]}" update -q
  DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y -q --no-install-recommends "${missing[@]}"
fi

exec /usr/bin/python3 "$here/compare.py" "$@"
