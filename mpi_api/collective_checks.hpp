#pragma once
// Argument checks of the collective calls, on top of checks.hpp. The arrays of a v or w call have one
// entry per rank of the group the blocks come from or go to: the communicator's, or an intercommunicator's
// remote group.

#include <mpi.h>

#include <algorithm>

#include "mpi_api/checks.hpp"

namespace weft::mpi {

// The buffers and operation of a reduction of `count` elements on a usable communicator; `receives` says
// whether the caller's `recvbuf` is significant.
inline int check_reduction(const char* call, const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                           MPI_Op op, MPI_Comm comm, bool receives) {
  if (int error = check_buffer(call, comm, sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf, count, datatype)) return error;
  if (receives)
    if (int error = check_buffer(call, comm, recvbuf, count, datatype)) return error;
  return check_op(call, comm, op, datatype);
}

// A root argument of an intercommunicator collective: MPI_ROOT, MPI_PROC_NULL or a rank of the remote group.
inline int check_inter_root(const char* call, MPI_Comm comm, int root) {
  const weft_comm_s& inter = *resolve(comm);
  if (root == MPI_ROOT || root == MPI_PROC_NULL || (root >= 0 && root < inter.remote->size())) [[likely]]
    return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_ROOT, call,
                     "invalid root %d (on an intercommunicator: MPI_ROOT, MPI_PROC_NULL, or a rank of the remote "
                     "group, which has %d ranks)",
                     root, inter.remote->size());
}

// Where an intercommunicator refuses MPI_IN_PLACE: everywhere (for check_not_in_place).
inline constexpr const char* across_groups = " on an intercommunicator";

// MPI_IN_PLACE where the call does not take it; `where` qualifies the refusal (" except at the root",
// across_groups, "" for nowhere).
inline int check_not_in_place(const char* call, MPI_Comm comm, const void* buffer, const char* argument,
                              const char* where) {
  if (buffer != MPI_IN_PLACE) [[likely]]
    return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_BUFFER, call, "argument %s may not be MPI_IN_PLACE%s", argument, where);
}

// A buffer of one block, named `argument`, that may not be MPI_IN_PLACE (`where` as for check_not_in_place).
inline int check_block(const char* call, MPI_Comm comm, const void* buffer, int count, MPI_Datatype datatype,
                       const char* argument, const char* where) {
  if (int error = check_not_in_place(call, comm, buffer, argument, where)) return error;
  return check_buffer(call, comm, buffer, count, datatype);
}

// A send buffer of one block, MPI_IN_PLACE when `in_place_allowed`.
inline int check_send(const char* call, MPI_Comm comm, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                      bool in_place_allowed) {
  if (sendbuf == MPI_IN_PLACE && in_place_allowed) return MPI_SUCCESS;
  return check_block(call, comm, sendbuf, sendcount, sendtype, "sendbuf",
                     in_place_allowed ? "" : " except at the root");
}

// The arrays of a v or w call's buffer, one entry per peer; counts not negative.
inline int check_block_arrays(const char* call, MPI_Comm comm, const int* counts, const int* displacements,
                              const char* counts_name, const char* displacements_name) {
  if (int error = check_output(call, comm, counts, counts_name)) return error;
  if (int error = check_output(call, comm, displacements, displacements_name)) return error;
  for (int r = 0, size = peers(*resolve(comm)).size(); r < size; ++r)
    if (counts[r] < 0) [[unlikely]]
      return raise_error(comm, MPI_ERR_COUNT, call, "%s[%d] is %d", counts_name, r, counts[r]);
  return MPI_SUCCESS;
}

// A v call's buffer: blocks of one datatype.
inline int check_blocks(const char* call, MPI_Comm comm, const void* buffer, const int* counts,
                        const int* displacements, MPI_Datatype datatype, const char* counts_name,
                        const char* displacements_name) {
  if (int error = check_block_arrays(call, comm, counts, displacements, counts_name, displacements_name)) return error;
  return check_buffer(call, comm, buffer, *std::max_element(counts, counts + peers(*resolve(comm)).size()), datatype);
}

// A w call's buffer: a datatype per block.
inline int check_typed_blocks(const char* call, MPI_Comm comm, const void* buffer, const int* counts,
                              const int* displacements, const MPI_Datatype* datatypes, const char* counts_name,
                              const char* displacements_name, const char* datatypes_name) {
  if (int error = check_block_arrays(call, comm, counts, displacements, counts_name, displacements_name)) return error;
  if (int error = check_output(call, comm, datatypes, datatypes_name)) return error;
  for (int r = 0, size = peers(*resolve(comm)).size(); r < size; ++r)
    if (int error = check_buffer(call, comm, buffer, counts[r], datatypes[r])) return error;
  return MPI_SUCCESS;
}

}  // namespace weft::mpi
