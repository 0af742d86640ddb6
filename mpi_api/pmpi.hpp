#pragma once
// Every function is defined under its PMPI_ name; the MPI_ name is a weak alias, so a profiling
// library can define MPI_X and call PMPI_X. The alias is made in assembly: clang applies the C++
// mangling to `#pragma weak` aliases even for extern "C" functions.

#define WEFT_PMPI_ALIAS(name) \
  asm(".weak MPI_" #name "\n.type MPI_" #name ",@function\n.set MPI_" #name ", PMPI_" #name);

// The same for the extensions: MPIX_ names are weak aliases of PMPIX_ definitions.
#define WEFT_PMPIX_ALIAS(name) \
  asm(".weak MPIX_" #name "\n.type MPIX_" #name ",@function\n.set MPIX_" #name ", PMPIX_" #name);

// Inside PMPI_X (or PMPIX_X): "MPI_X" (or "MPIX_X"), the name the user called, for error messages.
#define WEFT_CALL_NAME (__func__ + 1)
