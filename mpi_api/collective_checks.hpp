#pragma once
// Argument checks of the collective calls, on top of checks.hpp.

#include <mpi.h>

#include "mpi_api/checks.hpp"

namespace weft::mpi {

// A communicator a collective call may run on: an intracommunicator, for the calls that do not run on
// intercommunicators yet (refused rather than run within one group).
inline int check_collective(const char* call, MPI_Comm comm) {
  if (int error = check_ready(call, comm)) return error;
  if (!resolve(comm)->is_inter()) [[likely]]
    return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_COMM, call, "collectives on intercommunicators are not implemented yet");
}

// The buffers and operation of a reduction of `count` elements; `receives` says whether the caller's
// `recvbuf` is significant.
inline int check_reduction(const char* call, const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                           MPI_Op op, MPI_Comm comm, bool receives) {
  if (int error = check_collective(call, comm)) return error;
  if (int error = check_buffer(call, comm, sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf, count, datatype)) return error;
  if (receives)
    if (int error = check_buffer(call, comm, recvbuf, count, datatype)) return error;
  return check_op(call, comm, op, datatype);
}

}  // namespace weft::mpi
