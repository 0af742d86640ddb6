/* Calls an MPI-1 name that MPI-3.0 removed: mpi.h declares it, deprecated, unless the user asks for a
 * header without such names (WEFT_OMIT_MPI1_COMPAT_DECLS). */
#include <mpi.h>

MPI_Aint extent_of_int(void) {
  MPI_Aint extent = 0;
  MPI_Type_extent(MPI_INT, &extent);
  return extent;
}
