// MPI_COMM_WORLD and MPI_COMM_SELF, and the calls that ask a communicator about itself or free it.

#include "mpi_api/communicators.hpp"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "collectives/node_layout.hpp"
#include "mpi_api/attributes.hpp"
#include "mpi_api/buffered_sends.hpp"
#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/context_ids.hpp"
#include "mpi_api/pmpi.hpp"
#include "runtime/job.hpp"

// Tokens: each rank's calls resolve them to its own object.
weft_comm_s weft_mpi_comm_world;
weft_comm_s weft_mpi_comm_self;

namespace weft::mpi {

namespace {

// The members of `group` that run on this node, in group order: the group itself when all do.
shared_rank_map members_on_node(const shared_rank_map& group) {
  const runtime::node_map& nodes = runtime::job::current().nodes();
  const std::vector<int>& all = group->job_ranks();
  if (std::all_of(all.begin(), all.end(), [&](int r) { return nodes.is_local(r); })) return group;
  std::vector<int> local;
  std::copy_if(all.begin(), all.end(), std::back_inserter(local), [&](int r) { return nodes.is_local(r); });
  return std::make_shared<const rank_map>(std::move(local));
}

void attach_group(collective_group& collectives, std::uint32_t context, const shared_rank_map& group) {
  collectives.on_node = members_on_node(group);
  collectives.state = coll::attach_shared(context, collectives.on_node->job_ranks(), group->job_ranks());
}

}  // namespace

void attach_collectives(weft_comm_s& comm) {
  attach_group(comm.collectives, comm.is_inter() ? comm.local_context : comm.context, comm.local);
  if (!comm.is_inter()) return;
  attach_group(comm.both_collectives, comm.context, comm.both);
}

void initialize_predefined_communicators(rank_state& state, int job_rank) {
  state.world.context = world_context;
  state.world.local = world_members();
  state.world.rank = job_rank;
  state.world.name = "MPI_COMM_WORLD";
  state.self.context = self_context;
  state.self.local = std::make_shared<const rank_map>(std::vector<int>{job_rank});
  state.self.rank = 0;
  state.self.name = "MPI_COMM_SELF";
  state.finalizing.context = finalizing_context;
  state.finalizing.local = state.world.local;
  state.finalizing.rank = job_rank;
  state.sessions.context = sessions_context;
  state.sessions.local = state.world.local;
  state.sessions.rank = job_rank;
  attach_collectives(state.world);
  attach_collectives(state.self);
  attach_collectives(state.finalizing);
}

namespace {

// The view of `comm`'s collectives over `members`, whose state is keyed by `context` (the first of a pair);
// across nodes it carries how the members lie over them (collectives/spanning.hpp).
coll::communicator_view view_of(const weft_comm_s& comm, std::uint32_t context, const rank_map& members, int rank,
                                collective_group& group) {
  return {context + 1,     members.size(),           rank,  members.job_ranks().data(), group.state.get(),
          &group.sequence, &this_rank().collectives, &comm, group.state->nodes(),       &group.node_sequence};
}

}  // namespace

coll::communicator_view collective_view(const weft_comm_s& comm) {
  return view_of(comm, comm.is_inter() ? comm.local_context : comm.context, *comm.local, comm.rank, comm.collectives);
}

coll::communicator_view collective_view_of_both(const weft_comm_s& inter) {
  return view_of(inter, inter.context, *inter.both, inter.both->rank_of(this_rank_id()), inter.both_collectives);
}

coll::communicator_view node_view(const weft_comm_s& comm) {
  coll::communicator_view view = collective_view(comm);
  return view.spans_nodes() ? coll::node_part(view) : view;
}

weft_comm_s* new_intracommunicator(const weft_comm_s& parent, shared_rank_map members, std::uint32_t context) {
  auto comm = std::make_unique<weft_comm_s>();
  comm->context = context;
  comm->rank = members->rank_of(this_rank_id());
  comm->local = std::move(members);
  comm->errhandler = retain(parent.errhandler);
  comm->session_buffer = parent.session_buffer;
  if (context != 0) attach_collectives(*comm);
  return comm.release();
}

shared_rank_map members_of_color(const std::vector<split_vote>& votes, const rank_map& group, int color) {
  std::vector<int> ranks;
  for (int r = 0; r < group.size(); ++r)
    if (votes[r].color == color) ranks.push_back(r);
  std::sort(ranks.begin(), ranks.end(),
            [&](int a, int b) { return std::pair{votes[a].key, a} < std::pair{votes[b].key, b}; });
  std::vector<int> job_ranks;
  for (int r : ranks) job_ranks.push_back(group.job_rank(r));
  return std::make_shared<const rank_map>(std::move(job_ranks));
}

const char* display_name(const weft_comm_s& comm) noexcept {
  return comm.name.empty() ? "the communicator" : comm.name.c_str();
}

}  // namespace weft::mpi

using namespace weft::mpi;

WEFT_PMPI_ALIAS(Comm_rank)
extern "C" int PMPI_Comm_rank(MPI_Comm comm, int* rank) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_output(call, comm, rank, "rank")) return error;
  *rank = comm_rank(comm);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Comm_size)
extern "C" int PMPI_Comm_size(MPI_Comm comm, int* size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_output(call, comm, size, "size")) return error;
  *size = comm_size(comm);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Comm_test_inter)
extern "C" int PMPI_Comm_test_inter(MPI_Comm comm, int* flag) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_output(call, comm, flag, "flag")) return error;
  *flag = resolve(comm)->is_inter();
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Comm_remote_size)
extern "C" int PMPI_Comm_remote_size(MPI_Comm comm, int* size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_intercommunicator(call, comm)) return error;
  if (int error = check_output(call, comm, size, "size")) return error;
  *size = resolve(comm)->remote->size();
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Comm_compare)
extern "C" int PMPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int* result) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm1)) return error;
  if (int error = check_ready(call, comm2)) return error;
  if (int error = check_output(call, comm1, result, "result")) return error;
  const weft_comm_s& a = *resolve(comm1);
  const weft_comm_s& b = *resolve(comm2);
  if (&a == &b) {
    *result = MPI_IDENT;
    return MPI_SUCCESS;
  }
  if (a.is_inter() != b.is_inter()) {
    *result = MPI_UNEQUAL;
    return MPI_SUCCESS;
  }
  int local = compare_members(*a.local, *b.local);
  int remote = a.is_inter() ? compare_members(*a.remote, *b.remote) : MPI_IDENT;
  int members = std::max(local, remote);  // IDENT < SIMILAR < UNEQUAL
  *result = members == MPI_IDENT ? MPI_CONGRUENT : members;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Comm_free)
extern "C" int PMPI_Comm_free(MPI_Comm* comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_output(call, MPI_COMM_WORLD, comm, "comm")) return error;
  if (int error = check_ready(call, *comm)) return error;
  if (*comm == MPI_COMM_WORLD || *comm == MPI_COMM_SELF)
    return raise_error(*comm, MPI_ERR_COMM, call, "%s cannot be freed", resolve(*comm)->name.c_str());
  // Attributes go first: a failing delete callback leaves the communicator as it was.
  if (int error = delete_attributes(call, *comm, *comm, resolve(*comm)->attributes)) return error;
  // The messages in its buffer leave first, as MPI_Comm_detach_buffer would wait for them. Pending
  // operations hold references of their own and complete normally.
  flush_buffer((*comm)->send_buffer);
  release(*comm);
  *comm = MPI_COMM_NULL;
  return MPI_SUCCESS;
}

namespace weft::mpi {

// The communicator hints of MPI-4.1 (7.4.4), all assertions a program makes about its own use of the
// communicator. Weft recognizes them, so MPI_Comm_get_info reports them as set; none changes what Weft does,
// which is always correct for a program that keeps them.
void take_hints(weft_comm_s& comm, MPI_Info info) {
  static constexpr std::string_view recognized[] = {"mpi_assert_no_any_tag", "mpi_assert_no_any_source",
                                                    "mpi_assert_exact_length", "mpi_assert_allow_overtaking",
                                                    "mpi_assert_strict_persistent_collective_ordering"};
  for (const auto& [key, value] : info->entries) {
    if (std::ranges::find(recognized, key) == std::end(recognized) || (value != "true" && value != "false")) continue;
    auto known = std::ranges::find(comm.hints, key, &std::pair<std::string, std::string>::first);
    if (known != comm.hints.end())
      known->second = value;
    else
      comm.hints.emplace_back(key, value);
  }
}

}  // namespace weft::mpi

WEFT_PMPI_ALIAS(Comm_set_info)
extern "C" int PMPI_Comm_set_info(MPI_Comm comm, MPI_Info info) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_info(call, comm, info, "info")) return error;
  take_hints(*resolve(comm), info);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Comm_get_info)
extern "C" int PMPI_Comm_get_info(MPI_Comm comm, MPI_Info* info_used) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_output(call, comm, info_used, "info_used")) return error;
  auto used = std::make_unique<weft_info_s>();  // the caller's, to free with MPI_Info_free
  used->entries = resolve(comm)->hints;
  *info_used = used.release();
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Comm_set_name)
extern "C" int PMPI_Comm_set_name(MPI_Comm comm, const char* comm_name) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_output(call, comm, comm_name, "comm_name")) return error;
  resolve(comm)->name.assign(comm_name, strnlen(comm_name, MPI_MAX_OBJECT_NAME - 1));
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Comm_get_name)
extern "C" int PMPI_Comm_get_name(MPI_Comm comm, char* comm_name, int* resultlen) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_output(call, comm, comm_name, "comm_name")) return error;
  if (int error = check_output(call, comm, resultlen, "resultlen")) return error;
  const std::string& name = resolve(comm)->name;
  std::memcpy(comm_name, name.c_str(), name.size() + 1);
  *resultlen = static_cast<int>(name.size());
  return MPI_SUCCESS;
}
