// The predefined reduction operations.

#include "mpi_api/handles.hpp"

using namespace weft::mpi;

weft_op_s weft_mpi_op_max{"MPI_MAX", op_max};
weft_op_s weft_mpi_op_min{"MPI_MIN", op_min};
weft_op_s weft_mpi_op_sum{"MPI_SUM", op_sum};
weft_op_s weft_mpi_op_prod{"MPI_PROD", op_prod};
weft_op_s weft_mpi_op_land{"MPI_LAND", op_land};
weft_op_s weft_mpi_op_band{"MPI_BAND", op_band};
weft_op_s weft_mpi_op_lor{"MPI_LOR", op_lor};
weft_op_s weft_mpi_op_bor{"MPI_BOR", op_bor};
weft_op_s weft_mpi_op_lxor{"MPI_LXOR", op_lxor};
weft_op_s weft_mpi_op_bxor{"MPI_BXOR", op_bxor};
weft_op_s weft_mpi_op_maxloc{"MPI_MAXLOC", op_maxloc};
weft_op_s weft_mpi_op_minloc{"MPI_MINLOC", op_minloc};
// For one-sided accumulations only: no datatype has kernels for them.
weft_op_s weft_mpi_op_replace{"MPI_REPLACE", op_replace};
weft_op_s weft_mpi_op_no_op{"MPI_NO_OP", op_no_op};
