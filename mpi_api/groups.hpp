#pragma once
// Making group handles.

#include <mpi.h>

#include "mpi_api/rank_map.hpp"

namespace weft::mpi {

// A new group handle for the calling rank; MPI_GROUP_EMPTY when there are no members, as in MPICH.
MPI_Group make_group(shared_rank_map members);

}  // namespace weft::mpi
