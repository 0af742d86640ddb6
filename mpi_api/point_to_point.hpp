#pragma once
// Status and error reporting shared by the calls that complete receives.

#include <mpi.h>

#include <cstddef>

#include "shm/operations.hpp"

namespace weft::mpi {

void fill_status(MPI_Status* status, int source, int tag, int error, std::size_t bytes) noexcept;

// MPI_SUCCESS, or MPI_ERR_TRUNCATE delivered to comm's handler when the message did not fit.
int receive_outcome(const shm::recv_request& receive, MPI_Comm comm, const char* call);

}  // namespace weft::mpi
