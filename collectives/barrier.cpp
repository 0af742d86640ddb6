// Barrier. Where members share cores, arrivals climb the communicator's tree to rank 0 and releases come
// down it: the fewest signals, which ranks of one core pass without crossing to another. Where every
// member runs on a core of its own, the barrier disseminates instead: in round k each rank raises the
// signal of rank + 2^k and waits for its own from rank - 2^k; after ceil(log2(size)) rounds every rank has
// heard, through some chain, from every other. A crossing between cores is the cost of a signal, and the
// rounds' crossings happen at the same time on all cores: ceil(log2(size)) of them in a row instead of the
// tree's way up and down (with 2 ranks, one crossing instead of two). Each signal sits on its own cache
// line in the slot of the one rank that waits for it.

#include "collectives/algorithms.hpp"
#include "collectives/spanning.hpp"
#include "collectives/tree_steps.hpp"

namespace weft::coll {
namespace {

task tree_barrier(communicator_view comm, std::uint64_t sequence) {
  member_slot& me = comm.shared->slot(comm.rank);
  while (const signal* missing = missing_child(comm, sequence)) co_await until{me, *missing, sequence};
  if (comm.rank != 0) {
    signal_parent(comm, sequence);
    co_await until{me, me.from_parent, sequence};
  }
  release_children(comm, sequence);
}

task disseminating_barrier(communicator_view comm, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  member_slot& me = shared.slot(comm.rank);
  for (int round = 0, distance = 1; distance < comm.size; ++round, distance *= 2) {
    int next = (comm.rank + distance) % comm.size;
    shared.slot(next).raise(shared.from_round(next, round), sequence);
    co_await until{me, shared.from_round(comm.rank, round), sequence};
  }
}

}  // namespace

task barrier_task(communicator_view comm, std::uint64_t sequence) {
  if (comm.spans_nodes()) [[unlikely]]
    return spanning_barrier(comm, sequence);
  if (comm.shared->members_apart()) return disseminating_barrier(comm, sequence);
  return tree_barrier(comm, sequence);
}

}  // namespace weft::coll
