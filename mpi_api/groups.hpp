#pragma once
// Making group handles.

#include <mpi.h>

#include "mpi_api/handles.hpp"
#include "mpi_api/rank_map.hpp"

namespace weft::mpi {

// A new group handle for the calling rank, derived from the session `session` links to (null: the World
// Model); MPI_GROUP_EMPTY when there are no members, as in MPICH.
MPI_Group make_group(shared_rank_map members, session_buffer_link session);

}  // namespace weft::mpi
