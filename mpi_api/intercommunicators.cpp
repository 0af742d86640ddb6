// Intercommunicators: two disjoint groups that talk across. Messages between the groups travel on the
// intercommunicator's own context pair; traffic within one group (its collectives, the agreement steps
// below) on a second pair, `local_context`, so that a message from remote rank r cannot be taken for one
// from local rank r.

#include "mpi_api/intercommunicators.hpp"

#include <memory>
#include <vector>

#include "collectives/blocking_collectives.hpp"
#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/context_ids.hpp"
#include "mpi_api/pmpi.hpp"
#include "shm/point_to_point.hpp"

using namespace weft::mpi;
namespace shm = weft::shm;

namespace {

// Sends `out` to job rank `peer` while receiving `in` from it; the receive is posted first, so two
// leaders exchanging at once never wait on each other.
void exchange(const void* out, std::size_t out_bytes, void* in, std::size_t in_bytes, shm::envelope sent, int peer,
              shm::envelope expected) {
  shm::recv_request receive;
  shm::start_recv(receive, in, in_bytes, expected, this_rank_id());
  shm::send(out, out_bytes, sent, peer);
  receive.done.wait();
}

// Cross-group traffic of an intercommunicator's leaders: on its collective context, rank 0 to rank 0.
void exchange_across(const weft_comm_s& inter, const void* out, void* in, std::size_t bytes) {
  shm::envelope env{inter.context + 1, 0, internal_tag(0)};
  exchange(out, bytes, in, bytes, env, inter.remote->job_rank(0), env);
}

// Whether group `a` comes first when two groups must be ordered the same way on both sides: the group
// whose leader has the lower job rank.
bool leads_first(const rank_map& a, const rank_map& b) { return a.job_rank(0) < b.job_rank(0); }

bool leads(const weft_comm_s& inter) { return leads_first(*inter.local, *inter.remote); }

}  // namespace

namespace weft::mpi {

weft_comm_s* new_intercommunicator(const weft_comm_s& parent, shared_rank_map local, shared_rank_map remote,
                                   std::uint32_t context, std::uint32_t local_context) {
  auto comm = std::make_unique<weft_comm_s>();
  comm->context = context;
  comm->local_context = local_context;
  comm->rank = local->rank_of(this_rank_id());
  std::vector<int> both = leads_first(*local, *remote) ? local->job_ranks() : remote->job_ranks();
  const rank_map& second = leads_first(*local, *remote) ? *remote : *local;
  both.insert(both.end(), second.job_ranks().begin(), second.job_ranks().end());
  comm->both = std::make_shared<const rank_map>(std::move(both));
  comm->local = std::move(local);
  comm->remote = std::move(remote);
  comm->errhandler = retain(parent.errhandler);
  comm->session_buffer = parent.session_buffer;
  if (context != 0) attach_collectives(*comm);
  return comm.release();
}

weft_comm_s* split_intercommunicator(const weft_comm_s& inter, int color, int key) {
  int local_size = inter.local->size();
  int remote_size = inter.remote->size();
  std::vector<split_vote> local_votes(local_size), remote_votes(remote_size);
  split_vote mine{color, key, 0};
  coll::communicator_view group = collective_view(inter);
  coll::allgather(&mine, local_votes.data(), sizeof mine, group);
  // The leaders swap their sides' votes and agree on the contexts; every color's intercommunicator uses
  // the same pairs, their groups being disjoint.
  struct {
    std::uint32_t across;
    std::uint32_t within;
  } agreed{0, 0};
  if (inter.rank == 0) {
    std::uint32_t proposal = allocate_context_pair();
    std::uint32_t theirs = 0;
    exchange_across(inter, &proposal, &theirs, sizeof proposal);
    shm::envelope env{inter.context + 1, 0, internal_tag(0)};
    exchange(local_votes.data(), local_size * sizeof(split_vote), remote_votes.data(), remote_size * sizeof(split_vote),
             env, inter.remote->job_rank(0), env);
    agreed = {leads(inter) ? proposal : theirs, allocate_context_pair()};
  }
  coll::bcast(&agreed, sizeof agreed, 0, group);
  coll::bcast(remote_votes.data(), remote_size * sizeof(split_vote), 0, group);
  if (color == MPI_UNDEFINED) return nullptr;
  shared_rank_map remote = members_of_color(remote_votes, *inter.remote, color);
  if (remote->size() == 0) return nullptr;
  return new_intercommunicator(inter, members_of_color(local_votes, *inter.local, color), std::move(remote),
                               agreed.across, agreed.within);
}

}  // namespace weft::mpi

WEFT_PMPI_ALIAS(Intercomm_create)
extern "C" int PMPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm, int remote_leader,
                                     int tag, MPI_Comm* newintercomm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, local_comm)) return error;
  if (int error = check_intracommunicator(call, local_comm)) return error;
  if (int error = check_output(call, local_comm, newintercomm, "newintercomm")) return error;
  if (int error = check_tag(call, local_comm, tag, false)) return error;
  const weft_comm_s& local = *resolve(local_comm);
  if (local_leader < 0 || local_leader >= local.local->size())
    return raise_error(local_comm, MPI_ERR_RANK, call, "invalid local_leader %d (%s has %d ranks)", local_leader,
                       display_name(local), local.local->size());

  // What the local leader learns from the remote one and passes on to its group. A remote size of -1 tells
  // the group that the leader failed, so that nobody waits for an intercommunicator that will not come.
  struct header {
    int remote_size;
    std::uint32_t context;
    std::uint32_t local_context;
  } agreed{-1, 0, 0};
  std::vector<int> remote_ranks;
  int failure = MPI_SUCCESS;
  if (local.rank == local_leader) {
    if ((failure = check_ready(call, peer_comm)) == MPI_SUCCESS &&
        (failure = check_peer(call, peer_comm, remote_leader, "remote_leader", false)) == MPI_SUCCESS &&
        remote_leader == MPI_PROC_NULL)
      failure = raise_error(peer_comm, MPI_ERR_RANK, call, "remote_leader is MPI_PROC_NULL");
    if (failure == MPI_SUCCESS) {
      const weft_comm_s& peer = *resolve(peer_comm);
      int remote_job_rank = peers(peer).job_rank(remote_leader);
      shm::envelope sent{peer.context + 1, peer.rank, internal_tag(tag)};
      shm::envelope expected{peer.context + 1, remote_leader, internal_tag(tag)};
      header mine{local.local->size(), allocate_context_pair(), 0};
      header theirs{};
      exchange(&mine, sizeof mine, &theirs, sizeof theirs, sent, remote_job_rank, expected);
      remote_ranks.resize(theirs.remote_size);
      exchange(local.local->job_ranks().data(), local.local->size() * sizeof(int), remote_ranks.data(),
               remote_ranks.size() * sizeof(int), sent, remote_job_rank, expected);
      bool first = this_rank_id() < remote_job_rank;
      agreed = {theirs.remote_size, first ? mine.context : theirs.context, allocate_context_pair()};
      for (int job_rank : remote_ranks)
        if (local.local->rank_of(job_rank) != MPI_UNDEFINED && failure == MPI_SUCCESS)
          failure = raise_error(local_comm, MPI_ERR_COMM, call,
                                "rank %d of MPI_COMM_WORLD is in both groups; the groups must be disjoint", job_rank);
      if (failure != MPI_SUCCESS) agreed.remote_size = -1;
    }
  }
  weft::coll::communicator_view group = collective_view(local);
  weft::coll::bcast(&agreed, sizeof agreed, local_leader, group);
  if (agreed.remote_size < 0)
    return failure != MPI_SUCCESS
               ? failure
               : raise_error(local_comm, MPI_ERR_OTHER, call,
                             "the local leader (rank %d) failed to create the intercommunicator", local_leader);
  remote_ranks.resize(agreed.remote_size);
  weft::coll::bcast(remote_ranks.data(), remote_ranks.size() * sizeof(int), local_leader, group);
  *newintercomm = new_intercommunicator(local, local.local, std::make_shared<const rank_map>(std::move(remote_ranks)),
                                        agreed.context, agreed.local_context);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Intercomm_merge)
extern "C" int PMPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm* newintracomm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, intercomm)) return error;
  if (int error = check_intercommunicator(call, intercomm)) return error;
  if (int error = check_output(call, intercomm, newintracomm, "newintracomm")) return error;
  const weft_comm_s& inter = *resolve(intercomm);
  // The group that passed high = false comes first; when both passed the same, the leaders' order decides.
  struct decision {
    int first;  // whether the calling rank's group comes first
    std::uint32_t context;
  } agreed{0, 0};
  if (inter.rank == 0) {
    struct proposal {
      int high;
      std::uint32_t context;
    } mine{high != 0, allocate_context_pair()}, theirs{};
    exchange_across(inter, &mine, &theirs, sizeof mine);
    bool first = mine.high != theirs.high ? !mine.high : leads(inter);
    agreed = {first, first ? mine.context : theirs.context};
  }
  weft::coll::bcast(&agreed, sizeof agreed, 0, collective_view(inter));
  const rank_map& before = agreed.first ? *inter.local : *inter.remote;
  const rank_map& after = agreed.first ? *inter.remote : *inter.local;
  std::vector<int> job_ranks = before.job_ranks();
  job_ranks.insert(job_ranks.end(), after.job_ranks().begin(), after.job_ranks().end());
  *newintracomm = new_intracommunicator(inter, std::make_shared<const rank_map>(std::move(job_ranks)), agreed.context);
  return MPI_SUCCESS;
}
