#include "collectives/node/cells.hpp"

#include <algorithm>
#include <limits>

namespace weft::coll {

namespace {

// The first member not yet done with collective `previous`, or -1; the caller's cells_known_done becomes
// the least done seen.
int first_laggard(const communicator_view& comm, std::uint64_t previous) {
  shared_communicator& shared = *comm.shared;
  std::uint64_t least = std::numeric_limits<std::uint64_t>::max();
  int laggard = -1;
  for (int r = 0; r < comm.size; ++r) {
    std::uint64_t done = shared.slot(r).cells.done.value();
    least = std::min(least, done);
    if (done < previous && laggard < 0) laggard = r;
  }
  shared.slot(comm.rank).cells_known_done = least;
  return laggard;
}

}  // namespace

bool cells_free(const communicator_view& comm, std::uint64_t previous) {
  return comm.shared->slot(comm.rank).cells_known_done >= previous || first_laggard(comm, previous) < 0;
}

task await_cells_free(communicator_view comm, std::uint64_t previous) {
  shared_communicator& shared = *comm.shared;
  member_slot& me = shared.slot(comm.rank);
  while (me.cells_known_done < previous) {
    int laggard = first_laggard(comm, previous);
    if (laggard < 0) break;
    cell_progress& behind = shared.slot(laggard).cells;
    // Named before the flag is set: a laggard that sees the flag finds the name and the value.
    me.cells_awaiting_done.store(previous, std::memory_order_seq_cst);
    me.cells_awaiting.store(laggard, std::memory_order_seq_cst);
    behind.awaited.store(true, std::memory_order_seq_cst);
    co_await until{me, behind.done, previous};
    me.cells_awaiting.store(-1, std::memory_order_relaxed);
  }
}

void finish_cells(const communicator_view& comm, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  cell_progress& mine = shared.slot(comm.rank).cells;
  mine.done.advance(sequence);
  // A waiter sets the flag before it looks at `done` again, and `done` was raised before the flag is read:
  // either it sees the new `done` or this sees the flag (both sequentially consistent). Waiters whose
  // value `done` has not reached yet stay asleep, and the flag stays up for them: a waiter that woke
  // too early would sleep again without setting it.
  if (!mine.awaited.load(std::memory_order_seq_cst) || !mine.awaited.exchange(false, std::memory_order_seq_cst)) return;
  std::uint64_t done = mine.done.value();
  bool still_awaited = false;
  for (int r = 0; r < comm.size; ++r) {
    member_slot& other = shared.slot(r);
    if (other.cells_awaiting.load(std::memory_order_seq_cst) != comm.rank) continue;
    if (other.cells_awaiting_done.load(std::memory_order_seq_cst) <= done)
      other.raise(mine.done, done);
    else
      still_awaited = true;
  }
  if (still_awaited) mine.awaited.store(true, std::memory_order_seq_cst);
}

}  // namespace weft::coll
