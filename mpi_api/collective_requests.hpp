#pragma once
// What the blocking and the nonblocking form of a collective call share: one algorithm (a task of
// collectives/), run at once for the blocking call, started under a new request for the nonblocking one.

#include <mpi.h>

#include "collectives/communicator_view.hpp"
#include "collectives/task.hpp"

namespace weft::mpi {

// The request argument of a blocking call: it has none.
inline constexpr MPI_Request* blocking = nullptr;

// A nonblocking call's checks before any other: `comm` is usable and `request` is not NULL.
int check_request_output(const char* call, MPI_Comm comm, MPI_Request* request);

// Runs `work`, a collective of `comm` seen as `view`, to completion when `request` is `blocking`; else
// starts it and returns a request that completes with it.
int launch(MPI_Comm comm, const coll::communicator_view& view, coll::task work, MPI_Request* request);

}  // namespace weft::mpi
