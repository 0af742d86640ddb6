#pragma once
// Argument checks shared by the MPI calls. Each returns MPI_SUCCESS (0) or the error class after
// delivering it to the communicator's handler, so a call reads:
//   if (int error = check_count(call, comm, count)) return error;

#include <mpi.h>

#include "mpi_api/communicators.hpp"
#include "mpi_api/datatypes.hpp"
#include "mpi_api/errors.hpp"
#include "mpi_api/handles.hpp"
#include "mpi_api/rank_state.hpp"

namespace weft::mpi {

// MPI is initialized and not finalized on this rank, and `comm` is a communicator.
[[nodiscard]] inline int check_ready(const char* call, MPI_Comm comm) {
  const rank_state& state = this_rank();
  if ((!state.initialized || state.finalized) && state.open_sessions == 0) [[unlikely]]
    return raise_error(MPI_COMM_WORLD, MPI_ERR_OTHER, call,
                       state.finalized ? "called after MPI_Finalize, with no session open"
                                       : "called before MPI_Init or MPI_Session_init");
  if (comm == MPI_COMM_NULL) [[unlikely]]
    return raise_error(comm, MPI_ERR_COMM, call, "communicator is MPI_COMM_NULL");
  if (!is_communicator(comm)) [[unlikely]]
    return raise_error(comm, MPI_ERR_COMM, call, "invalid communicator %p", static_cast<void*>(comm));
  return MPI_SUCCESS;
}

[[nodiscard]] inline int check_output(const char* call, error_target comm, const void* pointer, const char* argument) {
  if (pointer == nullptr) [[unlikely]]
    return raise_error(comm, MPI_ERR_ARG, call, "argument %s is NULL", argument);
  return MPI_SUCCESS;
}

[[nodiscard]] inline int check_count(const char* call, error_target comm, MPI_Count count) {
  if (count < 0) [[unlikely]]
    return raise_error(comm, MPI_ERR_COUNT, call, "negative count %lld", static_cast<long long>(count));
  return MPI_SUCCESS;
}

[[nodiscard]] inline int check_datatype(const char* call, error_target comm, MPI_Datatype datatype) {
  if (datatype == MPI_DATATYPE_NULL) [[unlikely]]
    return raise_error(comm, MPI_ERR_TYPE, call, "datatype is MPI_DATATYPE_NULL");
  if (!is_object(datatype, object_kind::datatype)) [[unlikely]]
    return raise_error(comm, MPI_ERR_TYPE, call, "invalid datatype %p", static_cast<void*>(datatype));
  return MPI_SUCCESS;
}

// A datatype that communication may use: committed.
[[nodiscard]] inline int check_committed(const char* call, error_target comm, MPI_Datatype datatype) {
  if (int error = check_datatype(call, comm, datatype)) return error;
  if (!datatype->committed) [[unlikely]]
    return raise_error(comm, MPI_ERR_TYPE, call, "datatype %s is not committed (MPI_Type_commit)",
                       display_name(datatype));
  return MPI_SUCCESS;
}

// A buffer, its count and datatype. A NULL buffer is MPI_BOTTOM, valid with a datatype of absolute
// addresses; it is refused when the data would start at address 0.
[[nodiscard]] inline int check_buffer(const char* call, error_target comm, const void* buffer, MPI_Count count,
                                      MPI_Datatype datatype) {
  if (int error = check_count(call, comm, count)) return error;
  if (int error = check_committed(call, comm, datatype)) return error;
  if (buffer == nullptr && count > 0 && datatype->layout->size() > 0 && datatype->layout->true_lb() == 0) [[unlikely]]
    return raise_error(comm, MPI_ERR_BUFFER, call, "buffer is NULL with count %lld", static_cast<long long>(count));
  return MPI_SUCCESS;
}

[[nodiscard]] inline int check_group(const char* call, error_target comm, MPI_Group group, const char* argument) {
  if (group == MPI_GROUP_NULL) [[unlikely]]
    return raise_error(comm, MPI_ERR_GROUP, call, "%s is MPI_GROUP_NULL", argument);
  if (!is_object(group, object_kind::group)) [[unlikely]]
    return raise_error(comm, MPI_ERR_GROUP, call, "%s is not a group (%p)", argument, static_cast<void*>(group));
  return MPI_SUCCESS;
}

[[nodiscard]] inline int check_info(const char* call, error_target comm, MPI_Info info, const char* argument) {
  if (info == MPI_INFO_NULL) [[unlikely]]
    return raise_error(comm, MPI_ERR_INFO, call, "%s is MPI_INFO_NULL", argument);
  if (!is_object(info, object_kind::info)) [[unlikely]]
    return raise_error(comm, MPI_ERR_INFO, call, "%s is not an info object (%p)", argument, static_cast<void*>(info));
  return MPI_SUCCESS;
}

[[nodiscard]] inline int check_intercommunicator(const char* call, MPI_Comm comm) {
  if (resolve(comm)->is_inter()) [[likely]]
    return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_COMM, call, "%s is not an intercommunicator", display_name(*resolve(comm)));
}

[[nodiscard]] inline int check_intracommunicator(const char* call, MPI_Comm comm) {
  if (!resolve(comm)->is_inter()) [[likely]]
    return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_COMM, call, "%s is an intercommunicator; this call needs an intracommunicator",
                     display_name(*resolve(comm)));
}

// For what needs all members in this process (shared windows): `error_class`, naming a member on another
// node and `why`, when `comm`'s members span nodes.
[[nodiscard]] inline int check_on_one_node(const char* call, MPI_Comm comm, int error_class, const char* why) {
  const weft_comm_s& c = *resolve(comm);
  if (c.collectives.on_node->size() == c.local->size()) [[likely]]
    return MPI_SUCCESS;
  int away = 0;
  while (c.collectives.on_node->rank_of(c.local->job_rank(away)) != MPI_UNDEFINED) ++away;
  return raise_error(comm, error_class, call, "rank %d of %s runs on another node than this rank: %s", away,
                     display_name(c), why);
}

// A rank of `comm` (of its remote group for an intercommunicator), or MPI_PROC_NULL, or (for receives)
// MPI_ANY_SOURCE.
[[nodiscard]] inline int check_peer(const char* call, MPI_Comm comm, int peer, const char* role, bool any_allowed) {
  int size = peers(*resolve(comm)).size();
  if ((peer >= 0 && peer < size) || peer == MPI_PROC_NULL || (any_allowed && peer == MPI_ANY_SOURCE)) [[likely]]
    return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_RANK, call, "invalid %s rank %d (%s has %d %sranks)", role, peer,
                     display_name(*resolve(comm)), size, resolve(comm)->is_inter() ? "remote " : "");
}

[[nodiscard]] inline int check_root(const char* call, MPI_Comm comm, int root) {
  if (root >= 0 && root < comm_size(comm)) [[likely]]
    return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_ROOT, call, "invalid root %d (%s has %d ranks)", root, display_name(*resolve(comm)),
                     comm_size(comm));
}

// Tags from 2^30 up are Weft's own, on collective contexts (see internal_tag); users get the rest.
inline constexpr int tag_upper_bound = (1 << 30) - 1;

// Messages of calls that create communicators travel on a parent's collective context, tagged with the
// user's tag (MPI_Comm_create_group, MPI_Intercomm_create) moved above the range of user tags, so that
// they match neither user messages nor the collective algorithms' own.
inline constexpr int internal_tag(int user_tag) noexcept { return (1 << 30) | user_tag; }

[[nodiscard]] inline int check_tag(const char* call, MPI_Comm comm, int tag, bool any_allowed) {
  if (tag >= 0 || (any_allowed && tag == MPI_ANY_TAG)) [[likely]]
    return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_TAG, call, "invalid tag %d (tags range from 0 to %d%s)", tag, tag_upper_bound,
                     any_allowed ? ", or MPI_ANY_TAG" : "");
}

[[nodiscard]] inline int check_op_handle(const char* call, error_target comm, MPI_Op op) {
  if (op == MPI_OP_NULL) [[unlikely]]
    return raise_error(comm, MPI_ERR_OP, call, "operation is MPI_OP_NULL");
  if (!is_object(op, object_kind::op)) [[unlikely]]
    return raise_error(comm, MPI_ERR_OP, call, "invalid operation %p", static_cast<void*>(op));
  return MPI_SUCCESS;
}

// An operation, defined for `datatype` (a checked one): a user's operation applies to any datatype, a
// predefined one to the predefined types it is defined for and to derived types made of one of those.
[[nodiscard]] inline int check_op(const char* call, error_target comm, MPI_Op op, MPI_Datatype datatype) {
  if (int error = check_op_handle(call, comm, op)) return error;
  if (op->is_predefined()) {
    MPI_Datatype basic = datatype->basic_type;
    if (basic == nullptr) [[unlikely]]
      return raise_error(comm, MPI_ERR_OP, call, "%s is not defined for %s, whose basic elements are of several types",
                         op->name, display_name(datatype));
    if (basic->kernels[op->index].apply == nullptr) [[unlikely]]
      return raise_error(comm, MPI_ERR_OP, call, "%s is not defined for %s", op->name, display_name(datatype));
  }
  return MPI_SUCCESS;
}

}  // namespace weft::mpi
