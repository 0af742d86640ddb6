// The predefined reduction operations.

#include "mpi_api/checks.hpp"
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

namespace weft::mpi {

bool is_predefined_op(MPI_Op op) noexcept {
  static constexpr MPI_Op predefined[] = {MPI_MAX,  MPI_MIN, MPI_SUM,  MPI_PROD, MPI_LAND,   MPI_BAND,
                                          MPI_LOR,  MPI_BOR, MPI_LXOR, MPI_BXOR, MPI_MAXLOC, MPI_MINLOC};
  for (MPI_Op candidate : predefined)
    if (candidate == op) return true;
  return false;
}

}  // namespace weft::mpi
