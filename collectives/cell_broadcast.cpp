// Broadcasts of up to broadcast_cell::capacity bytes, through the ring of cells that a communicator's
// members share. The root copies its data into the cell of the broadcast's sequence number, marks it
// filled and returns; every other rank waits for the mark, copies the data out, notes that it has read
// the cell and returns. Nobody waits for the readers: the data is in shared memory that nobody's return
// frees, so a root runs up to a ring ahead of the slowest member, and the ranks of one worker broadcast
// many times in a row before they switch, where a tree broadcast would make every call wait for all.
//
// A root waits only when its cell still holds an earlier broadcast that some member has not read. It
// learns that from the members' cells_read, which each member raises as it reads, scanned once per
// round of the ring (cells_known_read keeps the least it saw). When it must wait it names itself in the
// communicator's cell_waiter, and the member it waits for wakes it.
//
// Waking readers: a rank that waits for its cell may park. Whoever has the data wakes its children in
// the communicator's tree, the root also rank 0, so the wake-ups spread down the tree and each rank is
// woken by one other; a rank that is not asleep costs its waker one read of a cache line.

#include <cstring>

#include "collectives/algorithms.hpp"
#include "collectives/tree_steps.hpp"

namespace weft::coll {
namespace {

// Notes that `me` has read (or, as the root, filled) the cell of `sequence`, waking a root that waits
// for it.
void note_read(shared_communicator& shared, member_slot& me, std::uint64_t sequence) {
  me.cells_read.advance(sequence);
  if (int waiter = shared.cell_waiter().load(std::memory_order_seq_cst); waiter >= 0)
    shared.slot(waiter).raise(me.cells_read, sequence);
}

void wake_children(const communicator_view& comm, broadcast_cell& cell, int root, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  const collective_tree& tree = shared.tree();
  for (int i = 0, n = tree.child_count(comm.rank); i < n; ++i)
    if (int child = tree.child(comm.rank, i); child != root) shared.slot(child).raise(cell.filled, sequence);
  if (comm.rank == root && root != 0) shared.slot(0).raise(cell.filled, sequence);
}

}  // namespace

task cell_bcast_task(communicator_view comm, void* buffer, std::size_t bytes, int root, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  member_slot& me = shared.slot(comm.rank);
  broadcast_cell& cell = shared.cell(sequence);
  if (comm.rank != root) {
    co_await until{me, cell.filled, sequence};
    wake_children(comm, cell, root, sequence);
    std::memcpy(buffer, cell.data, bytes);
    note_read(shared, me, sequence);
    co_return;
  }
  std::uint64_t previous = cell.filled.value();  // the broadcast whose data the cell still holds
  while (me.cells_known_read < previous) {
    std::uint64_t least = sequence;
    int laggard = -1;
    for (int r = 0; r < comm.size; ++r) {
      std::uint64_t read = shared.slot(r).cells_read.value();
      least = std::min(least, read);
      if (read < previous && laggard < 0) laggard = r;
    }
    me.cells_known_read = least;
    if (laggard < 0) break;
    shared.cell_waiter().store(comm.rank, std::memory_order_seq_cst);
    co_await until{me, shared.slot(laggard).cells_read, previous};
    shared.cell_waiter().store(-1, std::memory_order_seq_cst);
  }
  std::memcpy(cell.data, buffer, bytes);
  note_read(shared, me, sequence);
  cell.filled.advance(sequence);
  wake_children(comm, cell, root, sequence);
}

}  // namespace weft::coll
