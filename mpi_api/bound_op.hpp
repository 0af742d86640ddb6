#pragma once
// An operation applied to the elements of one datatype, as a reduction call hands it to the collectives.

#include <mpi.h>

#include "collectives/reduction_op.hpp"
#include "mpi_api/handles.hpp"

namespace weft::mpi {

// `op` must be defined for `datatype` (check_op).
struct bound_op {
  MPI_Op op;
  MPI_Datatype datatype;

  // A predefined operation on a predefined type is its kernel alone. Otherwise the result points at
  // this object: keep it in place, and the operation and datatype alive, until the reduction ends.
  coll::reduction_op reduction() const noexcept;
};

}  // namespace weft::mpi
