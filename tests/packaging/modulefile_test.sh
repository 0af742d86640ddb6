#!/bin/sh
# Loads an installed tree's modulefile with environment-modules' modulecmd, from the tree's own
# modulefiles folder and through a link from another folder (as a site's modulefiles folder would have
# it), and checks the environment it gives: the tree's tools first in PATH, its man pages, pkg-config's
# and CMake's search paths, MPI_HOME, MPI_ROOT and mpirun's WEFT_PREFIX.
#   modulefile_test.sh <modulecmd> <installed tree> <Weft's version> <scratch folder>
set -eu
modulecmd=$1
tree=$(cd "$2" && pwd -P)
version=$3
work=$4

rm -rf "$work"
mkdir -p "$work/site/weft"
ln -s "$tree/share/modulefiles/weft/$version" "$work/site/weft/$version"

check() {  # <what> <value> <expected>
  if [ "$2" != "$3" ]; then
    echo "after module load weft/$version from $modulepath, $1 is '$2', expected '$3'" >&2
    exit 1
  fi
}

for modulepath in "$tree/share/modulefiles" "$work/site"; do
  (
    unset MANPATH PKG_CONFIG_PATH CMAKE_PREFIX_PATH MPI_HOME MPI_ROOT WEFT_PREFIX LD_LIBRARY_PATH
    eval "$(MODULEPATH=$modulepath "$modulecmd" sh load "weft/$version")"
    check "mpicc in PATH" "$(command -v mpicc)" "$tree/bin/mpicc"
    check "mpirun in PATH" "$(command -v mpirun)" "$tree/bin/mpirun"
    # The empty element after Weft's keeps man's own search path.
    check MANPATH "$MANPATH" "$tree/share/man:"
    check "man -w mpirun" "$(man -w mpirun)" "$tree/share/man/man1/mpirun.1"
    check "pkg-config --modversion mpi" "$(pkg-config --modversion mpi)" "$version"
    check CMAKE_PREFIX_PATH "$CMAKE_PREFIX_PATH" "$tree"
    check MPI_HOME "$MPI_HOME" "$tree"
    check MPI_ROOT "$MPI_ROOT" "$tree"
    check WEFT_PREFIX "$WEFT_PREFIX" "$tree"
    check LD_LIBRARY_PATH "${LD_LIBRARY_PATH-unset}" unset
  )
done
echo "modulefile: ok"
