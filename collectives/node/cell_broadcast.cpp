// Broadcasts of up to shared_communicator::broadcast_cell_capacity() bytes (8 KiB), through the
// communicator's rings of cells (see cells.hpp; the smallest through a deeper ring where members share
// cores, shared_communicator::cell). The root copies its data into the cell
// of the broadcast's sequence number, marks it filled and returns; every other rank waits for the mark,
// copies the data out and returns.
//
// Waking readers: a rank that waits for its cell may park. Whoever has the data raises the cell's mark
// through its children in the communicator's tree (the root also through rank 0), so the wake-ups spread
// down the tree and each rank is woken by one other; a rank that is not asleep costs its waker one read
// of a cache line.
//
// A blocking call whose part needs no wait does it at once (cell_bcast_at_once), without the coroutine,
// whose frame and dispatch cost as much as the copies themselves.

#include <cstring>

#include "collectives/node/algorithms.hpp"
#include "collectives/node/cells.hpp"

namespace weft::coll {
namespace {

void wake_children(const communicator_view& comm, data_cell& cell, int root, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  const collective_tree& tree = shared.tree();
  for (int i = 0, n = tree.child_count(comm.rank); i < n; ++i)
    if (int child = tree.child(comm.rank, i); child != root) shared.slot(child).raise(cell.filled, sequence);
  if (comm.rank == root && root != 0) shared.slot(0).raise(cell.filled, sequence);
}

// Whether the caller's part can be done now: the root's cell is free, another rank's cell filled.
bool cell_ready(const communicator_view& comm, const data_cell& cell, int root, std::uint64_t sequence) {
  if (comm.rank != root) return cell.filled.reached(sequence);
  return cells_free(comm, cell.filled.value());
}

// A reader with a core of its own asks for the data lines of the next cell once the root has filled it:
// from 1 KiB on, the root runs ahead and the reader's copies are the broadcast's pace, and the next copy then
// finds its lines on their way. Measured (2 ranks on 2 cores, back-to-back calls, 2026-11-27, runs taking
// turns, us): 1 KiB 0.43-0.48 -> 0.20-0.29, 2 KiB 0.40-0.49 -> 0.27-0.32, 4 KiB 0.55-0.74 -> 0.43-0.55, 8 KiB
// even; below 512 B, where the reader keeps up and its look at the next mark takes the line from the root,
// 64 B went 0.15-0.29 -> 0.24-0.32; 4 ranks on 2 cores even, 16 ranks 2 KiB 5 % slower.
void read_ahead(const communicator_view& comm, std::size_t bytes, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  if (bytes < 1024 || !shared.members_apart()) return;
  const data_cell& next = shared.cell(sequence + 1, bytes);
  if (!next.filled.reached(sequence + 1)) return;
  const auto* line = reinterpret_cast<const std::byte*>(&next) + cache_line;
  for (; line < next.data() + bytes; line += cache_line) __builtin_prefetch(line);
}

// The caller's part once cell_ready: the root fills the cell, the others copy out of it.
void move_data(const communicator_view& comm, data_cell& cell, void* buffer, std::size_t bytes, int root,
               std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  if (comm.rank != root) {
    wake_children(comm, cell, root, sequence);
    // An empty broadcast may have a null buffer, which memcpy may not be given even for no bytes.
    if (bytes != 0) std::memcpy(buffer, cell.data(), bytes);
    finish_cells(comm, sequence);
    read_ahead(comm, bytes, sequence);
    return;
  }
  if (bytes != 0) std::memcpy(cell.data(), buffer, bytes);
  finish_cells(comm, sequence);
  cell.filled.advance(sequence);
  wake_children(comm, cell, root, sequence);
  data_cell& next = shared.cell(sequence + 1, bytes);
  prepare_to_fill(&next, next.data(), bytes, cell_readers::behind);
}

}  // namespace

task cell_bcast_task(communicator_view comm, void* buffer, std::size_t bytes, int root, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  member_slot& me = shared.slot(comm.rank);
  data_cell& cell = shared.cell(sequence, bytes);
  if (comm.rank != root)
    co_await until{me, cell.filled, sequence};
  else if (std::uint64_t previous = cell.filled.value(); !cells_free(comm, previous))
    co_await await_cells_free(comm, previous);
  move_data(comm, cell, buffer, bytes, root, sequence);
}

bool cell_bcast_at_once(const communicator_view& comm, void* buffer, std::size_t bytes, int root,
                        std::uint64_t sequence) {
  data_cell& cell = comm.shared->cell(sequence, bytes);
  if (!cell_ready(comm, cell, root, sequence)) return false;
  move_data(comm, cell, buffer, bytes, root, sequence);
  return true;
}

}  // namespace weft::coll
