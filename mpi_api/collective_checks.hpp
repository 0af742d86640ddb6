#pragma once
// Argument checks of the collective calls, on top of checks.hpp; those of the data-movement calls' buffers
// are in block_buffers.hpp.

#include <mpi.h>

#include "mpi_api/block_buffers.hpp"
#include "mpi_api/checks.hpp"

namespace weft::mpi {

// The buffers and operation of a reduction of `count` elements on a usable communicator; `receives` says
// whether the caller's `recvbuf` is significant.
[[nodiscard]] inline int check_reduction(const char* call, const void* sendbuf, void* recvbuf, int count,
                                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, bool receives) {
  if (int error = check_buffer(call, comm, sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf, count, datatype)) return error;
  if (receives)
    if (int error = check_buffer(call, comm, recvbuf, count, datatype)) return error;
  return check_op(call, comm, op, datatype);
}

// A root argument of an intercommunicator collective: MPI_ROOT, MPI_PROC_NULL or a rank of the remote group.
[[nodiscard]] inline int check_inter_root(const char* call, MPI_Comm comm, int root) {
  const weft_comm_s& inter = *resolve(comm);
  if (root == MPI_ROOT || root == MPI_PROC_NULL || (root >= 0 && root < inter.remote->size())) [[likely]]
    return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_ROOT, call,
                     "invalid root %d (on an intercommunicator: MPI_ROOT, MPI_PROC_NULL, or a rank of the remote "
                     "group, which has %d ranks)",
                     root, inter.remote->size());
}

}  // namespace weft::mpi
