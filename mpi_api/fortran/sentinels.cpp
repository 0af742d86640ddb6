// The COMMON blocks mpif.h declares for MPI_BOTTOM, MPI_IN_PLACE and the other sentinels. A program's
// blocks and these are one object (a COMMON block is a common symbol, the library's definition the same
// name), so the bindings know a sentinel by its address (arguments.hpp).

#include "mpi_api/fortran/arguments.hpp"

extern "C" {
MPI_Fint weft_mpi_bottom_;
MPI_Fint weft_mpi_in_place_;
MPI_Fint weft_mpi_status_ignore_[weft::fortran::status_size];
MPI_Fint weft_mpi_statuses_ignore_[weft::fortran::status_size];
MPI_Fint weft_mpi_errcodes_ignore_;
MPI_Fint weft_mpi_unweighted_;
MPI_Fint weft_mpi_weights_empty_;
char weft_mpi_argv_null_;
char weft_mpi_argvs_null_;
}
