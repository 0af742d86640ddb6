// The Sessions Model (MPI-4.1): MPI_Session_init and MPI_Session_finalize, the process sets a session
// offers, groups made from them and communicators made from groups without a parent.
//
// Weft's ranks exist, each with its MPI state, before main runs; a session needs nothing started, so it
// only opens MPI on its rank (rank_state::open_sessions, which the calls' checks accept as MPI_Init) and
// keeps its error handler and thread level. Sessions may open and close any number of times, before,
// during and after the World Model, as MPI-4.1 allows.
//
// MPI_Comm_create_from_group has no parent communicator: the group's members agree on the new contexts
// over the ranks' own communicator of the world's members (rank_state::sessions), with the string tag
// hashed to a message tag and sent along whole, so two creations whose tags hash alike are told apart.

#include "mpi_api/sessions.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "mpi_api/buffered_sends.hpp"
#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/communicators.hpp"
#include "mpi_api/context_ids.hpp"
#include "mpi_api/environment.hpp"
#include "mpi_api/groups.hpp"
#include "mpi_api/pmpi.hpp"
#include "runtime/job.hpp"
#include "shm/point_to_point.hpp"

using namespace weft::mpi;

namespace {

constexpr const char* thread_level_names[] = {"MPI_THREAD_SINGLE", "MPI_THREAD_FUNNELED", "MPI_THREAD_SERIALIZED",
                                              "MPI_THREAD_MULTIPLE"};

// The thread level an info's "thread_level" asks for; MPI_THREAD_SINGLE without one.
int requested_level(MPI_Info info) {
  if (info == MPI_INFO_NULL) return MPI_THREAD_SINGLE;
  for (const auto& [key, value] : info->entries)
    if (key == "thread_level")
      for (int level = MPI_THREAD_SINGLE; level <= MPI_THREAD_MULTIPLE; ++level)
        if (value == thread_level_names[level]) return level;
  return MPI_THREAD_SINGLE;
}

// The process sets every session offers, in order: the world, the caller alone, the caller's node, and
// each node of the job by number.
constexpr std::string_view world_pset = "mpi://WORLD";
constexpr std::string_view self_pset = "mpi://SELF";
constexpr std::string_view node_pset = "mpix://SHARED";
constexpr std::string_view numbered_node_pset = "weft://node/";

int pset_count() { return 3 + weft::runtime::job::current().nodes().node_count(); }

std::string name_of_pset(int n) {
  switch (n) {
    case 0:
      return std::string(world_pset);
    case 1:
      return std::string(self_pset);
    case 2:
      return std::string(node_pset);
    default:
      return std::string(numbered_node_pset) + std::to_string(n - 3);
  }
}

shared_rank_map node_members(int node) {
  const weft::runtime::node_map& nodes = weft::runtime::job::current().nodes();
  std::vector<int> ranks(nodes.rank_count(node));
  for (int i = 0; i < nodes.rank_count(node); ++i) ranks[i] = nodes.first_rank(node) + i;
  return std::make_shared<const rank_map>(std::move(ranks));
}

bool same_name(std::string_view a, std::string_view b) {
  return std::ranges::equal(a, b, [](char x, char y) { return std::tolower(x) == std::tolower(y); });
}

// The members of the process set `name`, or null when there is none of that name. Names are compared
// without regard to case, as MPICH compares them ("mpi://world" is the world).
shared_rank_map pset_members(std::string_view name) {
  const weft::runtime::node_map& nodes = weft::runtime::job::current().nodes();
  if (same_name(name, world_pset)) return world_members();
  if (same_name(name, self_pset)) return std::make_shared<const rank_map>(std::vector<int>{this_rank_id()});
  if (same_name(name, node_pset)) return node_members(nodes.this_node());
  std::string_view prefix = name.substr(0, numbered_node_pset.size());
  if (name.size() > numbered_node_pset.size() && same_name(prefix, numbered_node_pset)) {
    std::string number(name.substr(numbered_node_pset.size()));
    for (int node = 0; node < nodes.node_count(); ++node)
      if (number == std::to_string(node)) return node_members(node);
  }
  return nullptr;
}

// The members of the process set `name` into `members`; an unknown name is the session's MPI_ERR_ARG.
int find_pset(const char* call, MPI_Session session, const char* name, shared_rank_map& members) {
  if (int error = check_output(call, session, name, "pset_name")) return error;
  members = pset_members(name);
  if (!members) return raise_error(session, MPI_ERR_ARG, call, "there is no process set \"%s\"", name);
  return MPI_SUCCESS;
}

// A communicator made from groups takes the error handler and the hints it was made with.
void adopt(weft_comm_s& comm, MPI_Errhandler errhandler, MPI_Info info) {
  MPI_Errhandler previous = comm.errhandler;
  comm.errhandler = retain(errhandler);
  release(previous);
  if (info != MPI_INFO_NULL) take_hints(comm, info);
}

// A string tag's hash folded into the user tag range: the agreement's message tag. Every node process runs
// the same library, so all hash alike.
int tag_of(std::string_view stringtag) {
  std::size_t hash = std::hash<std::string_view>{}(stringtag);
  return static_cast<int>((hash ^ (hash >> 32)) & tag_upper_bound);
}

// What the group's first member sends the others: the new contexts, and the string tag it was called with.
struct agreement {
  std::uint32_t context;
  char stringtag[MPI_MAX_STRINGTAG_LEN];
};

}  // namespace

int weft::mpi::check_session(const char* call, MPI_Session session) {
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (session == MPI_SESSION_NULL)
    return raise_error(MPI_COMM_WORLD, MPI_ERR_SESSION, call, "session is MPI_SESSION_NULL");
  if (!is_object(session, object_kind::session))
    return raise_error(MPI_COMM_WORLD, MPI_ERR_SESSION, call, "invalid session %p", static_cast<void*>(session));
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Session_init)
extern "C" int PMPI_Session_init(MPI_Info info, MPI_Errhandler errhandler, MPI_Session* session) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (info != MPI_INFO_NULL)
    if (int error = check_info(call, MPI_COMM_WORLD, info, "info")) return error;
  if (errhandler == MPI_ERRHANDLER_NULL || !is_object(errhandler, object_kind::errhandler))
    return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "errhandler is not an error handler");
  if (!errhandler->is_predefined() && errhandler->session_function == nullptr)
    return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "errhandler was not made by MPI_Session_create_errhandler");
  if (int error = check_output(call, MPI_COMM_WORLD, session, "session")) return error;
  int level = prepare_rank(requested_level(info));
  ++this_rank().open_sessions;
  *session = new weft_session_s(errhandler, level, new_session_buffer());
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Session_finalize)
extern "C" int PMPI_Session_finalize(MPI_Session* session) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_output(call, MPI_COMM_WORLD, session, "session")) return error;
  if (int error = check_session(call, *session)) return error;
  // The session's communicators are the program's to free first, as MPI-4.1 asks: what they carried is
  // complete once their calls returned; only the messages in the session's buffer may still be leaving.
  flush_buffer((*session)->send_buffer);
  release(*session);
  --this_rank().open_sessions;
  *session = MPI_SESSION_NULL;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Session_get_num_psets)
extern "C" int PMPI_Session_get_num_psets(MPI_Session session, MPI_Info, int* npset_names) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_session(call, session)) return error;
  if (int error = check_output(call, session, npset_names, "npset_names")) return error;
  *npset_names = pset_count();
  return MPI_SUCCESS;
}

// pset_len 0 asks for the length (with the null); otherwise the name is cut to fit, and pset_len comes back
// as the length needed either way.
WEFT_PMPI_ALIAS(Session_get_nth_pset)
extern "C" int PMPI_Session_get_nth_pset(MPI_Session session, MPI_Info, int n, int* pset_len, char* pset_name) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_session(call, session)) return error;
  if (int error = check_output(call, session, pset_len, "pset_len")) return error;
  if (n < 0 || n >= pset_count())
    return raise_error(session, MPI_ERR_ARG, call, "n is %d: the session has %d process sets (0 to %d)", n,
                       pset_count(), pset_count() - 1);
  if (*pset_len < 0) return raise_error(session, MPI_ERR_ARG, call, "pset_len is negative (%d)", *pset_len);
  std::string name = name_of_pset(n);
  int needed = static_cast<int>(name.size()) + 1;
  if (*pset_len > 0) {
    if (int error = check_output(call, session, pset_name, "pset_name")) return error;
    std::size_t copied = std::min<std::size_t>(name.size(), static_cast<std::size_t>(*pset_len - 1));
    std::memcpy(pset_name, name.data(), copied);
    pset_name[copied] = '\0';
  }
  *pset_len = needed;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Session_get_info)
extern "C" int PMPI_Session_get_info(MPI_Session session, MPI_Info* info_used) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_session(call, session)) return error;
  if (int error = check_output(call, session, info_used, "info_used")) return error;
  auto* info = new weft_info_s;
  info->entries.emplace_back("thread_level", thread_level_names[session->thread_level]);
  *info_used = info;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Session_get_pset_info)
extern "C" int PMPI_Session_get_pset_info(MPI_Session session, const char* pset_name, MPI_Info* info) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_session(call, session)) return error;
  if (int error = check_output(call, session, info, "info")) return error;
  shared_rank_map members;
  if (int error = find_pset(call, session, pset_name, members)) return error;
  auto* made = new weft_info_s;
  made->entries.emplace_back("mpi_size", std::to_string(members->size()));
  *info = made;
  return MPI_SUCCESS;
}

// An unknown name gives MPI_GROUP_NULL and the error MPI_ERR_ARG, as MPI-4.1 says.
WEFT_PMPI_ALIAS(Group_from_session_pset)
extern "C" int PMPI_Group_from_session_pset(MPI_Session session, const char* pset_name, MPI_Group* newgroup) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_session(call, session)) return error;
  if (int error = check_output(call, session, newgroup, "newgroup")) return error;
  *newgroup = MPI_GROUP_NULL;
  shared_rank_map members;
  if (int error = find_pset(call, session, pset_name, members)) return error;
  *newgroup = make_group(std::move(members), session->send_buffer);
  return MPI_SUCCESS;
}

namespace {

// MPI_Comm_create_from_group, for `call`.
int create_from_group(const char* call, MPI_Group group, const char* stringtag, MPI_Info info,
                      MPI_Errhandler errhandler, MPI_Comm* newcomm) {
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_group(call, MPI_COMM_WORLD, group, "group")) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, stringtag, "stringtag")) return error;
  std::string_view tag(stringtag);
  if (tag.size() >= MPI_MAX_STRINGTAG_LEN)
    return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "stringtag has %zu characters; at most %d are allowed",
                       tag.size(), MPI_MAX_STRINGTAG_LEN - 1);
  if (info != MPI_INFO_NULL)
    if (int error = check_info(call, MPI_COMM_WORLD, info, "info")) return error;
  if (errhandler == MPI_ERRHANDLER_NULL || !is_object(errhandler, object_kind::errhandler))
    return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "errhandler is not an error handler");
  if (!errhandler->is_predefined() && errhandler->function == nullptr)
    return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "errhandler was not made for communicators");
  if (int error = check_output(call, MPI_COMM_WORLD, newcomm, "newcomm")) return error;
  const rank_map& members = *group->members;
  int rank = members.rank_of(this_rank_id());
  if (members.size() == 0) {
    *newcomm = MPI_COMM_NULL;  // the empty group: a local call
    return MPI_SUCCESS;
  }
  if (rank == MPI_UNDEFINED)
    return raise_error(MPI_COMM_WORLD, MPI_ERR_GROUP, call, "the calling rank is not a member of group");
  const weft_comm_s& parent = this_rank().sessions;
  weft::shm::envelope env{parent.context + 1, members.job_rank(0), internal_tag(tag_of(tag))};
  agreement agreed{};
  if (rank == 0) {
    agreed.context = allocate_context_pair();
    std::memcpy(agreed.stringtag, tag.data(), tag.size());
    for (int r = 1; r < members.size(); ++r) weft::shm::send(&agreed, sizeof agreed, env, members.job_rank(r));
  } else {
    weft::shm::recv(&agreed, sizeof agreed, env, this_rank_id());
    if (tag != agreed.stringtag)
      return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call,
                         "the group's first member (rank %d) made a communicator with stringtag \"%s\" while this "
                         "rank asked for \"%s\": every member must pass the same stringtag",
                         members.job_rank(0), agreed.stringtag, stringtag);
  }
  weft_comm_s* made = new_intracommunicator(parent, group->members, agreed.context);
  made->session_buffer = group->session_buffer;
  adopt(*made, errhandler, info);
  *newcomm = made;
  return MPI_SUCCESS;
}

}  // namespace

WEFT_PMPI_ALIAS(Comm_create_from_group)
extern "C" int PMPI_Comm_create_from_group(MPI_Group group, const char* stringtag, MPI_Info info,
                                           MPI_Errhandler errhandler, MPI_Comm* newcomm) {
  const call_guard guard(WEFT_CALL_NAME);
  return create_from_group(WEFT_CALL_NAME, group, stringtag, info, errhandler, newcomm);
}

// Each side makes a communicator of its group (the two groups are disjoint, so their agreements, led by
// different ranks, cannot meet), and the leaders join them over the world's members, as
// MPI_Intercomm_create does over a peer communicator.
WEFT_PMPI_ALIAS(Intercomm_create_from_groups)
extern "C" int PMPI_Intercomm_create_from_groups(MPI_Group local_group, int local_leader, MPI_Group remote_group,
                                                 int remote_leader, const char* stringtag, MPI_Info info,
                                                 MPI_Errhandler errhandler, MPI_Comm* newintercomm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_group(call, MPI_COMM_WORLD, remote_group, "remote_group")) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, newintercomm, "newintercomm")) return error;
  if (remote_leader < 0 || remote_leader >= remote_group->members->size())
    return raise_error(MPI_COMM_WORLD, MPI_ERR_RANK, call, "invalid remote_leader %d (remote_group has %d members)",
                       remote_leader, remote_group->members->size());
  MPI_Comm local = MPI_COMM_NULL;
  if (int error = create_from_group(call, local_group, stringtag, info, errhandler, &local)) return error;
  if (local == MPI_COMM_NULL) return raise_error(MPI_COMM_WORLD, MPI_ERR_GROUP, call, "local_group is empty");
  int error =
      PMPI_Intercomm_create(local, local_leader, &this_rank().sessions, remote_group->members->job_rank(remote_leader),
                            tag_of(std::string(stringtag) + " (the leaders)"), newintercomm);
  PMPI_Comm_free(&local);
  if (error != MPI_SUCCESS) return error;
  adopt(**newintercomm, errhandler, info);
  return MPI_SUCCESS;
}
