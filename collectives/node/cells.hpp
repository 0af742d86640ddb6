#pragma once
// Small collectives through cells in shared memory (after the fast boxes of shared-memory MPI transports):
// a rank that gives data copies it into a cell marked with the collective's sequence number and goes on;
// the ranks that take it copy it out when they get there. Nobody waits for the takers, since no return
// frees a cell, so a rank runs up to a ring of cells ahead of the slowest member, and the ranks of one
// worker make many small collectives in a row before they switch. Small broadcasts use the communicator's
// cells (cell_broadcast.cpp: the root fills, the others read), small reductions one ring per member
// (cell_reduction.cpp: the others deposit, the root consumes).
//
// A cell may be filled again once every member is done with the collective it holds. Each member raises
// its cells.done as it finishes with a collective's cells; a rank about to fill a cell makes sure that
// every member's done has reached the cell's old mark. It scans the members once per round of the ring
// (cells_known_done keeps the least it saw) and, when one lags, names that member in its own slot
// (cells_awaiting), flags the laggard (cells.awaited) and waits for the laggard's done; a member that
// raises its done with the flag set clears it and wakes the members that name it. Both scans cost
// O(members) and happen only when a rank would otherwise overwrite what someone has not read.

#include <cstdint>

#include "collectives/communicator_view.hpp"
#include "collectives/shared_communicator.hpp"
#include "collectives/task.hpp"

namespace weft::coll {

// Whether every member is done with collective `previous`, the old mark of a cell the caller is about to
// fill: from the caller's own knowledge, else from a scan of the members (which renews that knowledge).
bool cells_free(const communicator_view& comm, std::uint64_t previous);

// Waits until cells_free(comm, previous). Await it only where cells_free is false: a nested task costs a
// coroutine frame.
task await_cells_free(communicator_view comm, std::uint64_t previous);

// How the readers of the caller's cell stand as it marks it: waiting for the mark, in step with the caller (a
// symmetric allreduce's), or mostly behind, reading cells marked calls ago (a broadcast's, a reduce's).
enum class cell_readers { behind, in_step };

// Takes the lines of a cell the caller fills later (a broadcast's root its next; a depositor see
// mark_deposit) that `bytes` of data take (its mark's line first) for writing, as it leaves the cell it
// filled with as many: the lines are with the readers of that cell's last round, and a filler that fetched
// them only when it writes would wait for them at the sequentially consistent mark that follows the copy
// (one crossing between cores, about a third of a small broadcast between two of them). Where the readers
// wait in step, the mark's line is only read ahead. Measured, and why: docs/collectives.md (Cost).
inline void prepare_to_fill(const void* next, const std::byte* data, std::size_t bytes, cell_readers readers) noexcept {
  const auto* line = static_cast<const std::byte*>(next);
  if (readers == cell_readers::in_step)
    __builtin_prefetch(line);
  else
    prefetch_for_writing(line);
  for (line += cache_line; line < data + bytes; line += cache_line) prefetch_for_writing(line);
}

// Pushes the lines of a filled cell after its mark's out of the caller's core to the cache the cores share
// (CLDEMOTE, which processors without it take for a no-op), for readers on other cores that already wait
// for them: a line from the shared cache reaches them sooner than one fetched from the writer's core.
// Measured (symmetric allreduce of 2 ranks on 2 cores, back-to-back calls, 2026-11-27, 4 runs each taking
// turns, us): 64 B 0.49-0.58 -> 0.40-0.44, 256 B 0.56-0.61 -> 0.41-0.44, 1 KiB 0.85-0.92 -> 0.60-0.65.
// Pushing the mark's line too made the 8-byte allreduce slower (0.24 -> 0.37), and pushing a broadcast's
// cell made the 2-rank broadcast slower (64 B 0.18-0.27 -> 0.39-0.45); why is not known.
inline void offer_to_readers(const data_cell& cell, std::size_t bytes) noexcept {
#if defined(__x86_64__)
  const auto* line = reinterpret_cast<const std::byte*>(&cell) + cache_line;
  for (const auto* end = cell.data() + bytes; line < end; line += cache_line) asm volatile("cldemote %0" ::"m"(*line));
#endif
}

// Notes that the caller is done with the cells of collective `sequence`, waking members that wait for it.
void finish_cells(const communicator_view& comm, std::uint64_t sequence);

}  // namespace weft::coll
