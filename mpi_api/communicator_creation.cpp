// Making communicators from communicators: dup, create, create_group, split and split_type.

#include <algorithm>
#include <memory>
#include <utility>
#include <vector>

#include "collectives/blocking_collectives.hpp"
#include "mpi_api/attributes.hpp"
#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/collective_requests.hpp"
#include "mpi_api/context_ids.hpp"
#include "mpi_api/intercommunicators.hpp"
#include "mpi_api/pmpi.hpp"
#include "runtime/job.hpp"
#include "shm/point_to_point.hpp"

using namespace weft::mpi;
namespace coll = weft::coll;
namespace shm = weft::shm;

namespace {

int check_creation(const char* call, MPI_Comm comm, MPI_Comm* newcomm) {
  if (int error = check_ready(call, comm)) return error;
  return check_output(call, comm, newcomm, "newcomm");
}

// Every member of `group` must be a member of `parent`.
int check_subgroup(const char* call, MPI_Comm comm, const weft_comm_s& parent, MPI_Group group) {
  if (int error = check_group(call, comm, group, "group")) return error;
  for (int job_rank : group->members->job_ranks())
    if (parent.local->rank_of(job_rank) == MPI_UNDEFINED)
      return raise_error(comm, MPI_ERR_GROUP, call, "group holds rank %d of MPI_COMM_WORLD, which is not in %s",
                         job_rank, display_name(parent));
  return MPI_SUCCESS;
}

// Collective over `parent`: the ranks that give the same color form a communicator, ordered by key and
// then by their rank in `parent`. All of them share one context: their groups are disjoint. An
// intercommunicator splits into intercommunicators, one per color present on both sides.
MPI_Comm split(const weft_comm_s& parent, int color, int key) {
  if (parent.is_inter()) return split_intercommunicator(parent, color, key);
  std::vector<split_vote> votes(parent.local->size());
  split_vote mine{color, key, parent.rank == 0 ? allocate_context_pair() : 0};
  weft::coll::allgather(&mine, votes.data(), sizeof mine, collective_view(parent));
  if (color == MPI_UNDEFINED) return MPI_COMM_NULL;
  return new_intracommunicator(parent, members_of_color(votes, *parent.local, color), votes[0].context);
}

// Completes `made`, a duplicate of `comm`: its topology, the hints of `info` (MPI_INFO_NULL: none; MPI-4.1,
// 7.4.2, has duplicates take no hints from their parent), and its attributes through their copy callbacks.
int take_over(const char* call, MPI_Comm comm, MPI_Info info, weft_comm_s* made, MPI_Comm* newcomm) {
  const weft_comm_s& parent = *resolve(comm);
  made->topology = parent.topology;
  if (info != MPI_INFO_NULL) take_hints(*made, info);
  if (int error = copy_attributes(call, comm, comm, parent.attributes, made->attributes)) {
    release(made);
    *newcomm = MPI_COMM_NULL;
    return error;
  }
  *newcomm = made;
  return MPI_SUCCESS;
}

// The agreement on a duplicate's contexts over its parent's members (both groups of an intercommunicator,
// whose duplicate needs a pair across and one within its groups); holds the duplicate until it is done.
coll::task give_contexts(coll::communicator_view view, weft_comm_s* made, std::uint64_t sequence) {
  std::uint32_t context = 0;
  co_await agree_on_contexts(view, &context, made->is_inter() ? 2 : 1, sequence);
  made->context = context;
  if (made->is_inter()) made->local_context = context + 2;
  attach_collectives(*made);
  release(made);
}

// A duplicate of `comm`'s members, without its topology and attributes: it exists at once and gets its
// contexts when the agreement is done, which the nonblocking call leaves to the background of the members'
// other calls (the program may not use the duplicate before, MPI-3.1, 6.4.2).
weft_comm_s* duplicate_members(const char* call, MPI_Comm comm, MPI_Request* request) {
  const weft_comm_s& parent = *resolve(comm);
  weft_comm_s* made = parent.is_inter() ? new_intercommunicator(parent, parent.local, parent.remote, 0, 0)
                                        : new_intracommunicator(parent, parent.local, 0);
  coll::communicator_view view = parent.is_inter() ? collective_view_of_both(parent) : collective_view(parent);
  launch(call, comm, view, give_contexts(view, retain(made), coll::take_sequences(view, view.operations().bcast)),
         request);
  return made;
}

// MPI_Comm_dup, MPI_Comm_idup and their forms with an info (MPI_INFO_NULL: none).
int duplicate(const char* call, MPI_Comm comm, MPI_Info info, MPI_Comm* newcomm, MPI_Request* request) {
  if (int error = check_creation(call, comm, newcomm)) return error;
  if (info != MPI_INFO_NULL)
    if (int error = check_info(call, comm, info, "info")) return error;
  return take_over(call, comm, info, duplicate_members(call, comm, request), newcomm);
}

}  // namespace

namespace weft::mpi {

MPI_Comm private_duplicate(const char* call, MPI_Comm comm) {
  weft_comm_s* made = duplicate_members(call, comm, blocking);
  const weft_comm_s& parent = *resolve(comm);
  made->topology = parent.topology;
  made->name = parent.name;
  return made;
}

}  // namespace weft::mpi

WEFT_PMPI_ALIAS(Comm_dup)
extern "C" int PMPI_Comm_dup(MPI_Comm comm, MPI_Comm* newcomm) {
  const call_guard guard(WEFT_CALL_NAME);
  return duplicate(WEFT_CALL_NAME, comm, MPI_INFO_NULL, newcomm, blocking);
}

WEFT_PMPI_ALIAS(Comm_dup_with_info)
extern "C" int PMPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm* newcomm) {
  const call_guard guard(WEFT_CALL_NAME);
  return duplicate(WEFT_CALL_NAME, comm, info, newcomm, blocking);
}

WEFT_PMPI_ALIAS(Comm_idup)
extern "C" int PMPI_Comm_idup(MPI_Comm comm, MPI_Comm* newcomm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return duplicate(WEFT_CALL_NAME, comm, MPI_INFO_NULL, newcomm, request);
}

WEFT_PMPI_ALIAS(Comm_idup_with_info)
extern "C" int PMPI_Comm_idup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm* newcomm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_request_output(call, comm, request)) return error;
  return duplicate(call, comm, info, newcomm, request);
}

WEFT_PMPI_ALIAS(Comm_split)
extern "C" int PMPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm* newcomm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_creation(call, comm, newcomm)) return error;
  if (color < 0 && color != MPI_UNDEFINED)
    return raise_error(comm, MPI_ERR_ARG, call, "invalid color %d (colors are >= 0, or MPI_UNDEFINED)", color);
  *newcomm = split(*resolve(comm), color, key);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Comm_split_type)
extern "C" int PMPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info, MPI_Comm* newcomm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_creation(call, comm, newcomm)) return error;
  if (int error = check_intracommunicator(call, comm)) return error;
  if (split_type != MPI_COMM_TYPE_SHARED && split_type != MPI_UNDEFINED)
    return raise_error(comm, MPI_ERR_ARG, call, "invalid split_type %d (MPI_COMM_TYPE_SHARED or MPI_UNDEFINED)",
                       split_type);
  // The ranks of a node process share its address space: one node, one communicator.
  int this_node = weft::runtime::job::current().nodes().this_node();
  *newcomm = split(*resolve(comm), split_type == MPI_UNDEFINED ? MPI_UNDEFINED : this_node, key);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Comm_create)
extern "C" int PMPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm* newcomm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_creation(call, comm, newcomm)) return error;
  const weft_comm_s& parent = *resolve(comm);
  if (int error = check_subgroup(call, comm, parent, group)) return error;
  int rank_in_group = group->members->rank_of(this_rank_id());
  // On an intercommunicator each side names a subgroup of its own group: a split with one color, the
  // group's order as keys.
  if (parent.is_inter()) {
    *newcomm = split_intercommunicator(parent, rank_in_group == MPI_UNDEFINED ? MPI_UNDEFINED : 0, rank_in_group);
    return MPI_SUCCESS;
  }
  // Ranks may pass different groups as long as they are disjoint (MPI 2.2): one context serves them all.
  std::uint32_t context = agree_on_context(parent);
  *newcomm = rank_in_group != MPI_UNDEFINED ? new_intracommunicator(parent, group->members, context) : MPI_COMM_NULL;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Comm_create_group)
extern "C" int PMPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm* newcomm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_creation(call, comm, newcomm)) return error;
  if (int error = check_intracommunicator(call, comm)) return error;
  if (int error = check_tag(call, comm, tag, false)) return error;
  const weft_comm_s& parent = *resolve(comm);
  if (int error = check_subgroup(call, comm, parent, group)) return error;
  const rank_map& members = *group->members;
  int rank = members.rank_of(this_rank_id());
  if (rank == MPI_UNDEFINED) {
    *newcomm = MPI_COMM_NULL;
    return MPI_SUCCESS;
  }
  // Only the group's members take part: its first member hands the others a fresh pair over the parent's
  // collective context, under the user's tag so that concurrent creations from one parent stay apart.
  shm::envelope env{parent.context + 1, parent.local->rank_of(members.job_rank(0)), internal_tag(tag)};
  std::uint32_t context = 0;
  if (rank == 0) {
    context = allocate_context_pair();
    for (int r = 1; r < members.size(); ++r) shm::send(&context, sizeof context, env, members.job_rank(r));
  } else {
    shm::recv(&context, sizeof context, env, this_rank_id());
  }
  *newcomm = new_intracommunicator(parent, group->members, context);
  return MPI_SUCCESS;
}
