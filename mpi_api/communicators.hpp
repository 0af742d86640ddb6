#pragma once
// Membership of the predefined communicators, as seen by the calling rank.

#include <mpi.h>

#include "collectives/communicator_view.hpp"
#include "mpi_api/handles.hpp"
#include "mpi_api/rank_state.hpp"
#include "runtime/scheduler.hpp"

namespace weft::mpi {

inline bool is_communicator(MPI_Comm comm) noexcept { return comm == MPI_COMM_WORLD || comm == MPI_COMM_SELF; }

inline int comm_size(MPI_Comm comm) noexcept { return comm->is_self ? 1 : runtime::job_size(); }

inline int comm_rank(MPI_Comm comm) noexcept { return comm->is_self ? 0 : this_rank_id(); }

// The job rank of rank `r` of `comm`.
inline int job_rank(MPI_Comm comm, int r) noexcept { return comm->is_self ? this_rank_id() : r; }

inline coll::communicator_view collective_view(MPI_Comm comm) noexcept {
  return {comm->context + 1, comm_size(comm), comm_rank(comm), job_rank(comm, 0)};
}

}  // namespace weft::mpi
