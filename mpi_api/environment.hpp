#pragma once
// Starting MPI on a rank: by MPI_Init or MPI_Init_thread (the World Model), or by MPI_Session_init.

namespace weft::mpi {

// Makes MPI usable on the calling rank with threads at the `required` level (MPI_THREAD_*), as far as
// Weft gives it; returns the level provided, the highest asked for on the rank so far.
int prepare_rank(int required);

}  // namespace weft::mpi
