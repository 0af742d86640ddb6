#pragma once
// What MPI keeps per rank that a process-based MPI would keep per process.

#include <mpi.h>

namespace weft::mpi {

struct rank_state {
  bool initialized = false;
  bool finalized = false;
  int thread_level = MPI_THREAD_SINGLE;
  MPI_Errhandler world_errhandler = MPI_ERRORS_ARE_FATAL;
  MPI_Errhandler self_errhandler = MPI_ERRORS_ARE_FATAL;
};

// The calling rank's index in the job (its rank in MPI_COMM_WORLD).
int this_rank_id() noexcept;

// The calling rank's state.
rank_state& this_rank() noexcept;

}  // namespace weft::mpi
