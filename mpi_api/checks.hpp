#pragma once
// Argument checks shared by the MPI calls. Each returns MPI_SUCCESS (0) or the error class after
// delivering it to the communicator's handler, so a call reads:
//   if (int error = check_count(call, comm, count)) return error;

#include <mpi.h>

#include "mpi_api/communicators.hpp"
#include "mpi_api/errors.hpp"
#include "mpi_api/handles.hpp"
#include "mpi_api/rank_state.hpp"

namespace weft::mpi {

// MPI is initialized and not finalized on this rank, and `comm` is a communicator.
inline int check_ready(const char* call, MPI_Comm comm) {
  const rank_state& state = this_rank();
  if (!state.initialized) [[unlikely]]
    return raise_error(MPI_COMM_WORLD, MPI_ERR_OTHER, call, "called before MPI_Init");
  if (state.finalized) [[unlikely]]
    return raise_error(MPI_COMM_WORLD, MPI_ERR_OTHER, call, "called after MPI_Finalize");
  if (comm == MPI_COMM_NULL) [[unlikely]]
    return raise_error(comm, MPI_ERR_COMM, call, "communicator is MPI_COMM_NULL");
  if (!is_communicator(comm)) [[unlikely]]
    return raise_error(comm, MPI_ERR_COMM, call, "invalid communicator %p", static_cast<void*>(comm));
  return MPI_SUCCESS;
}

inline int check_output(const char* call, MPI_Comm comm, const void* pointer, const char* argument) {
  if (pointer == nullptr) [[unlikely]]
    return raise_error(comm, MPI_ERR_ARG, call, "argument %s is NULL", argument);
  return MPI_SUCCESS;
}

inline int check_count(const char* call, MPI_Comm comm, int count) {
  if (count < 0) [[unlikely]]
    return raise_error(comm, MPI_ERR_COUNT, call, "negative count %d", count);
  return MPI_SUCCESS;
}

bool is_predefined_datatype(MPI_Datatype datatype) noexcept;

inline int check_datatype(const char* call, MPI_Comm comm, MPI_Datatype datatype) {
  if (datatype == MPI_DATATYPE_NULL) [[unlikely]]
    return raise_error(comm, MPI_ERR_TYPE, call, "datatype is MPI_DATATYPE_NULL");
  if (!is_predefined_datatype(datatype)) [[unlikely]]
    return raise_error(comm, MPI_ERR_TYPE, call, "invalid datatype %p", static_cast<void*>(datatype));
  return MPI_SUCCESS;
}

// A buffer, its count and datatype.
inline int check_buffer(const char* call, MPI_Comm comm, const void* buffer, int count, MPI_Datatype datatype) {
  if (int error = check_count(call, comm, count)) return error;
  if (int error = check_datatype(call, comm, datatype)) return error;
  if (buffer == nullptr && count > 0 && datatype->extent > 0) [[unlikely]]
    return raise_error(comm, MPI_ERR_BUFFER, call, "buffer is NULL with count %d", count);
  return MPI_SUCCESS;
}

// A rank of `comm`, or MPI_PROC_NULL, or (for receives) MPI_ANY_SOURCE.
inline int check_peer(const char* call, MPI_Comm comm, int peer, const char* role, bool any_allowed) {
  if ((peer >= 0 && peer < comm_size(comm)) || peer == MPI_PROC_NULL || (any_allowed && peer == MPI_ANY_SOURCE))
    [[likely]]
    return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_RANK, call, "invalid %s rank %d (%s has %d ranks)", role, peer, comm->name,
                     comm_size(comm));
}

inline int check_root(const char* call, MPI_Comm comm, int root) {
  if (root >= 0 && root < comm_size(comm)) [[likely]]
    return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_ROOT, call, "invalid root %d (%s has %d ranks)", root, comm->name,
                     comm_size(comm));
}

inline constexpr int tag_upper_bound = 0x7fffffff;

inline int check_tag(const char* call, MPI_Comm comm, int tag, bool any_allowed) {
  if (tag >= 0 || (any_allowed && tag == MPI_ANY_TAG)) [[likely]]
    return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_TAG, call, "invalid tag %d (tags range from 0 to %d%s)", tag, tag_upper_bound,
                     any_allowed ? ", or MPI_ANY_TAG" : "");
}

bool is_predefined_op(MPI_Op op) noexcept;

inline int check_op(const char* call, MPI_Comm comm, MPI_Op op, MPI_Datatype datatype) {
  if (op == MPI_OP_NULL) [[unlikely]]
    return raise_error(comm, MPI_ERR_OP, call, "operation is MPI_OP_NULL");
  if (!is_predefined_op(op)) [[unlikely]]
    return raise_error(comm, MPI_ERR_OP, call, "invalid operation %p", static_cast<void*>(op));
  if (datatype->kernels[op->index] == nullptr) [[unlikely]]
    return raise_error(comm, MPI_ERR_OP, call, "%s is not defined for %s", op->name, datatype->name);
  return MPI_SUCCESS;
}

}  // namespace weft::mpi
