// Barrier. Where members share cores, arrivals climb the communicator's tree to rank 0 and releases come
// down it: the fewest signals, which ranks of one core pass without crossing to another. Where every
// member runs on a core of its own, the barrier disseminates instead: in round k each rank raises the
// signal of rank + 2^k and waits for its own from rank - 2^k; after ceil(log2(size)) rounds every rank has
// heard, through some chain, from every other. A crossing between cores is the cost of a signal, and the
// rounds' crossings happen at the same time on all cores: ceil(log2(size)) of them in a row instead of the
// tree's way up and down (with 2 ranks, one crossing instead of two). Each signal sits on its own cache
// line in the slot of the one rank that waits for it. A blocking call goes as far as it can at once
// (barrier_at_once) and makes a task only for the wait it cannot pass.

#include <optional>

#include "collectives/node/algorithms.hpp"
#include "collectives/node/tree_steps.hpp"
#include "runtime/path_report.hpp"

namespace weft::coll {
namespace {

// The tree barrier; `arrived`: the caller has heard from all its children and signalled its parent
// already (barrier_at_once), and only waits for its release.
task tree_barrier(communicator_view comm, std::uint64_t sequence, bool arrived) {
  member_slot& me = comm.shared->slot(comm.rank);
  if (!arrived) {
    while (const signal* missing = missing_child(comm, sequence)) co_await until{me, *missing, sequence};
    if (comm.rank != 0) signal_parent(comm, sequence);
  }
  if (comm.rank != 0) co_await until{me, me.from_parent, sequence};
  release_children(comm, sequence);
}

std::optional<task> tree_barrier_at_once(const communicator_view& comm, std::uint64_t sequence) {
  if (missing_child(comm, sequence) != nullptr) return tree_barrier(comm, sequence, false);
  if (comm.rank != 0) {
    signal_parent(comm, sequence);
    member_slot& me = comm.shared->slot(comm.rank);
    if (!me.from_parent.reached(sequence)) return tree_barrier(comm, sequence, true);
  }
  release_children(comm, sequence);
  return std::nullopt;
}

// The rank whose signal of round `round` the caller raises: 2^round ahead.
int rank_ahead(const communicator_view& comm, int round) { return (comm.rank + (1 << round)) % comm.size; }

void raise_round(const communicator_view& comm, std::uint64_t sequence, int round) {
  shared_communicator& shared = *comm.shared;
  int next = rank_ahead(comm, round);
  shared.slot(next).raise(shared.from_round(next, round), sequence);
}

// Once the caller's own signal of a round came, it takes the signal it raised in that round for writing, for
// the next barrier: the rank ahead polls it then, and a raise that must first fetch it waits for one more
// crossing between cores. Measured (2 ranks on 2 cores, back-to-back calls, 2026-11-27, runs taking turns):
// 0.31-0.36 -> 0.19-0.30 us, and in a slower hour 0.33-0.50 -> 0.23-0.38.
void prepare_round(const communicator_view& comm, int round) {
  prefetch_for_writing(&comm.shared->from_round(rank_ahead(comm, round), round));
}

// The rounds of a disseminating barrier from `round` on; `raised`: the caller raised that round's signal
// already (barrier_at_once).
task disseminating_barrier(communicator_view comm, std::uint64_t sequence, int round, bool raised) {
  shared_communicator& shared = *comm.shared;
  member_slot& me = shared.slot(comm.rank);
  for (int rounds = comm.shared->dissemination_rounds(); round < rounds; ++round, raised = false) {
    if (!raised) raise_round(comm, sequence, round);
    co_await until{me, shared.from_round(comm.rank, round), sequence};
    prepare_round(comm, round);
  }
}

std::optional<task> disseminating_barrier_at_once(const communicator_view& comm, std::uint64_t sequence) {
  for (int round = 0, rounds = comm.shared->dissemination_rounds(); round < rounds; ++round) {
    raise_round(comm, sequence, round);
    if (!comm.shared->from_round(comm.rank, round).reached(sequence))
      return disseminating_barrier(comm, sequence, round, true);
    prepare_round(comm, round);
  }
  return std::nullopt;
}

// Members on workers that run apart signal each other (dissemination); members that share workers, which
// take turns anyway, meet along the tree.
bool disseminating(const communicator_view& comm) {
  bool apart = comm.shared->members_apart();
  if (runtime::reporting_paths() && comm.size > 1) [[unlikely]]  // a lone member has nothing to choose
    runtime::report_path("collective", "barrier", apart ? "dissemination" : "tree", "%d members %s", comm.size,
                         apart ? "on workers that run apart" : "sharing workers");
  return apart;
}

}  // namespace

task barrier_task(communicator_view comm, std::uint64_t sequence) {
  if (disseminating(comm)) return disseminating_barrier(comm, sequence, 0, false);
  return tree_barrier(comm, sequence, false);
}

std::optional<task> barrier_at_once(const communicator_view& comm, std::uint64_t sequence) {
  if (!may_do_at_once(comm)) return barrier_task(comm, sequence);
  if (comm.size == 1) return std::nullopt;
  if (disseminating(comm)) return disseminating_barrier_at_once(comm, sequence);
  return tree_barrier_at_once(comm, sequence);
}

}  // namespace weft::coll
