// Barrier: arrivals climb the communicator's tree to rank 0, releases come down it. Each signal sits on its own
// cache line in the slot of the one rank that waits for it.

#include "collectives/algorithms.hpp"
#include "collectives/tree_steps.hpp"

namespace weft::coll {

task barrier_task(communicator_view comm, std::uint64_t sequence) {
  member_slot& me = comm.shared->slot(comm.rank);
  while (const signal* missing = missing_child(comm, sequence)) co_await until{me, *missing, sequence};
  if (comm.rank != 0) {
    signal_parent(comm, sequence);
    co_await until{me, me.from_parent, sequence};
  }
  release_children(comm, sequence);
}

}  // namespace weft::coll
