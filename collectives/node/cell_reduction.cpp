// Reductions of up to shared_communicator::deposit_capacity() bytes (32 KiB over the members, 256 B to 4
// KiB) of plain elements on communicators of at most shared_communicator::max_deposit_members, through the
// members' deposit cells (see cells.hpp). Nobody waits for the rank that reads its deposit: a rank runs up
// to a ring of cells ahead.
//
// Reduce, on up to flat_reduce_max members: every rank but the root copies its input into its own cell of
// the reduction's sequence number, marks it, wakes the root and returns; the root waits for each deposit and
// combines them all, with its own input, in rank order into its receive buffer. On more, the deposits go up
// the communicator's tree: each rank waits for its children's deposits and deposits its subtree's partial
// result (its input, then its children's, in rank order), so no rank reads more than a few deposits; rank 0
// combines the whole, into its receive buffer or, for another root, into its cell, which the root copies.
//
// Allreduce: on a few ranks (symmetric_allreduce_max) every rank deposits, wakes every other and does what
// the root does: the same inputs combined in the same order give every rank the same bits, and each waits
// for one transfer of the others' inputs, where a reduce and a broadcast would wait for two in a row. On
// more, an allreduce is a reduce to rank 0 and a small broadcast from it (cell_broadcast.cpp).
//
// Blocking calls first try their part at once (the *_at_once forms), without a coroutine frame, and make
// a task only for what must wait.

#include <cstring>
#include <optional>

#include "collectives/node/algorithms.hpp"
#include "collectives/node/cells.hpp"
#include "collectives/node/combine_in_rank_order.hpp"

namespace weft::coll {

bool fits_deposits(const communicator_view& comm, std::size_t count, std::size_t element_size,
                   const shm::reduction_op& op) {
  return op.layout == nullptr && comm.size > 1 && comm.shared->has_deposits() &&
         count * element_size <= comm.shared->deposit_capacity();
}

namespace {

// Up to this many ranks, a reduce's root reads every deposit itself; beyond, deposits go up the tree.
// Measured (8 B, MPI_SUM of doubles to rank 0, back-to-back calls, this 2-core machine, runs taking turns),
// tree against flat: 4 ranks 0.43-0.50 against 0.46-0.55 us, 8 ranks 0.79-0.80 against 0.83-0.96, 16
// ranks a median of 1.57 against 1.95 (14 runs each); 3 ranks even. The root of a flat reduce reads
// every deposit; a tree's ranks return as soon as their subtree is in, so a worker's ranks run ahead.
constexpr int flat_reduce_max = 3;

// Up to this many ranks, every rank of an allreduce combines all deposits; beyond, rank 0 does and
// broadcasts the result. Measured (8 B, MPI_SUM of doubles, this 2-core machine, back-to-back calls):
// 2 ranks 0.25 us against 0.43, 3 ranks 0.67 against 0.91, 4 ranks even (0.87, 0.90), 8 ranks 2.2
// against 1.8, 16 ranks 5.4 against 3.5: each rank waking and reading all others costs O(ranks²).
constexpr int symmetric_allreduce_max = 4;

// The mark of the caller's deposit cell of `sequence`: the collective whose deposit it still holds.
std::uint64_t deposit_mark(const communicator_view& comm, std::size_t bytes, std::uint64_t sequence) {
  return comm.shared->deposit(comm.rank, sequence, bytes).filled.value();
}

// Marks the caller's deposit cell of `sequence`, filled with `bytes`, and asks for its cell of `sequence` + 1
// (prepare_to_fill). A reduction takes three sequence numbers, so back-to-back reductions fill that cell
// 11 calls later (in a ring of 16), long after its reader was done with it and before anyone waits for it:
// taking it then pays. Measured (2 ranks on 2 cores, back-to-back calls, 2026-11-27, runs taking turns,
// us): reduce 64 B 0.19-0.25, against 0.31-0.38 taking the next reduction's own cell (`sequence` + 3, whose
// mark the root then polls) and 0.26-0.32 taking none; allreduce 64 B 0.35-0.40 against 0.53-0.61 taking none.
void mark_deposit(const communicator_view& comm, std::size_t bytes, std::uint64_t sequence, cell_readers readers) {
  shared_communicator& shared = *comm.shared;
  shared.deposit(comm.rank, sequence, bytes).filled.advance(sequence);
  const data_cell& next = shared.deposit(comm.rank, sequence + 1, bytes);
  prepare_to_fill(&next, next.data(), bytes, readers);
}

// Copies the caller's input into its deposit cell of `sequence` and marks it; the cell must be free
// (cells_free of its mark).
void deposit(const communicator_view& comm, const void* input, std::size_t bytes, std::uint64_t sequence,
             cell_readers readers) {
  std::memcpy(comm.shared->deposit(comm.rank, sequence, bytes).data(), input, bytes);
  mark_deposit(comm, bytes, sequence, readers);
}

// A reduce's part of a rank other than the root, its cell free: it deposits, is done with the cells and
// wakes the root.
void deposit_for_root(const communicator_view& comm, const void* input, std::size_t bytes, int root,
                      std::uint64_t sequence) {
  deposit(comm, input, bytes, sequence, cell_readers::behind);
  finish_cells(comm, sequence);
  shared_communicator& shared = *comm.shared;
  shared.slot(root).raise(shared.deposit(comm.rank, sequence, bytes).filled, sequence);
}

// A symmetric allreduce's deposit, its cell free: every other member is woken for it. Where every member has
// a core of its own, the others are about to read it from other cores, so it is offered to them.
void deposit_for_all(const communicator_view& comm, const void* input, std::size_t bytes, std::uint64_t sequence) {
  deposit(comm, input, bytes, sequence, cell_readers::in_step);
  shared_communicator& shared = *comm.shared;
  data_cell& cell = shared.deposit(comm.rank, sequence, bytes);
  if (shared.members_apart()) offer_to_readers(cell, bytes);
  sequence_flag& mine = cell.filled;
  for (int r = 0; r < comm.size; ++r)
    if (r != comm.rank) shared.slot(r).raise(mine, sequence);
}

// The first member other than the caller whose deposit of `bytes` for `sequence` is not there yet, or null.
const sequence_flag* missing_deposit(const communicator_view& comm, std::size_t bytes, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  for (int r = 0; r < comm.size; ++r)
    if (const sequence_flag& filled = shared.deposit(r, sequence, bytes).filled;
        r != comm.rank && !filled.reached(sequence))
      return &filled;
  return nullptr;
}

// Combines every member's input (the caller's own from `input`, the others' from their deposits of
// `sequence`, all there) in rank order into `recv`.
void combine_all(const communicator_view& comm, const void* input, void* recv, std::size_t count,
                 std::size_t element_size, const shm::reduction_op& op, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  const std::size_t bytes = count * element_size;
  auto input_of = [&](int r) {
    return static_cast<const std::byte*>(r == comm.rank ? input : shared.deposit(r, sequence, bytes).data());
  };
  // In place, the caller's input is its receive buffer, which must not change before its turn.
  auto* destination = static_cast<std::byte*>(recv);
  std::byte* accumulator = input == recv ? tile_accumulator(shared.scratch(comm.rank), element_size, op) : destination;
  combine_in_rank_order(comm.size, input_of, count, element_size, op, accumulator, destination);
  finish_cells(comm, sequence);
}

// combine_all once every deposit is there.
task combine_deposits(communicator_view comm, const void* input, void* recv, std::size_t count,
                      std::size_t element_size, shm::reduction_op op, std::uint64_t sequence) {
  member_slot& me = comm.shared->slot(comm.rank);
  while (const sequence_flag* missing = missing_deposit(comm, count * element_size, sequence))
    co_await until{me, *missing, sequence};
  combine_all(comm, input, recv, count, element_size, op, sequence);
}

// A flat reduce: the others deposit, the root combines every deposit.
task flat_cell_reduce_task(communicator_view comm, const void* input, void* recv, std::size_t count,
                           std::size_t element_size, shm::reduction_op op, int root, std::uint64_t sequence) {
  if (comm.rank == root) {
    co_await combine_deposits(comm, input, recv, count, element_size, op, sequence);
    co_return;
  }
  if (std::uint64_t previous = deposit_mark(comm, count * element_size, sequence); !cells_free(comm, previous))
    co_await await_cells_free(comm, previous);
  deposit_for_root(comm, input, count * element_size, root, sequence);
}

bool flat_cell_reduce_at_once(const communicator_view& comm, const void* input, void* recv, std::size_t count,
                              std::size_t element_size, const shm::reduction_op& op, int root, std::uint64_t sequence) {
  if (comm.rank == root) {
    if (missing_deposit(comm, count * element_size, sequence) != nullptr) return false;
    combine_all(comm, input, recv, count, element_size, op, sequence);
    return true;
  }
  if (!cells_free(comm, deposit_mark(comm, count * element_size, sequence))) return false;
  deposit_for_root(comm, input, count * element_size, root, sequence);
  return true;
}

// The first of the caller's children in the communicator's tree whose deposit of `bytes` for `sequence` is not
// there yet, or null.
const sequence_flag* missing_child_deposit(const communicator_view& comm, std::size_t bytes, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  const collective_tree& tree = shared.tree();
  for (int i = 0, children = tree.child_count(comm.rank); i < children; ++i)
    if (const sequence_flag& filled = shared.deposit(tree.child(comm.rank, i), sequence, bytes).filled;
        !filled.reached(sequence))
      return &filled;
  return nullptr;
}

// Combines the caller's input and its children's deposits of `sequence` (all there) into `out`: its
// subtree's ranks in rank order, the caller's own first and each child's subtree after the children before.
void combine_subtree(const communicator_view& comm, const void* input, void* out, std::size_t count,
                     std::size_t element_size, const shm::reduction_op& op, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  const collective_tree& tree = shared.tree();
  const std::size_t bytes = count * element_size;
  auto input_of = [&](int i) {
    return static_cast<const std::byte*>(i == 0 ? input
                                                : shared.deposit(tree.child(comm.rank, i - 1), sequence, bytes).data());
  };
  auto* destination = static_cast<std::byte*>(out);
  std::byte* accumulator = input == out ? tile_accumulator(shared.scratch(comm.rank), element_size, op) : destination;
  combine_in_rank_order(tree.child_count(comm.rank) + 1, input_of, count, element_size, op, accumulator, destination);
}

// A tree reduce's deposit of the caller's subtree, its children's deposits there and its cell free; wakes
// its parent, or for rank 0 the root, which reads it.
void deposit_subtree(const communicator_view& comm, const void* input, std::size_t count, std::size_t element_size,
                     const shm::reduction_op& op, int root, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  data_cell& cell = shared.deposit(comm.rank, sequence, count * element_size);
  combine_subtree(comm, input, cell.data(), count, element_size, op, sequence);
  mark_deposit(comm, count * element_size, sequence, cell_readers::behind);
  shared.slot(comm.rank == 0 ? root : shared.tree().parent(comm.rank)).raise(cell.filled, sequence);
}

// A root other than rank 0 copies the result out of rank 0's cell, then is done with the cells.
void take_result(const communicator_view& comm, void* recv, std::size_t bytes, std::uint64_t sequence) {
  std::memcpy(recv, comm.shared->deposit(0, sequence, bytes).data(), bytes);
  finish_cells(comm, sequence);
}

task tree_cell_reduce_task(communicator_view comm, const void* input, void* recv, std::size_t count,
                           std::size_t element_size, shm::reduction_op op, int root, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  member_slot& me = shared.slot(comm.rank);
  const std::size_t bytes = count * element_size;
  while (const sequence_flag* missing = missing_child_deposit(comm, bytes, sequence))
    co_await until{me, *missing, sequence};
  if (comm.rank == 0 && root == 0) {
    combine_subtree(comm, input, recv, count, element_size, op, sequence);
    finish_cells(comm, sequence);
    co_return;
  }
  if (std::uint64_t previous = deposit_mark(comm, bytes, sequence); !cells_free(comm, previous))
    co_await await_cells_free(comm, previous);
  deposit_subtree(comm, input, count, element_size, op, root, sequence);
  if (comm.rank == root) {
    co_await until{me, shared.deposit(0, sequence, bytes).filled, sequence};
    take_result(comm, recv, bytes, sequence);
  } else {
    finish_cells(comm, sequence);
  }
}

// A root other than rank 0 always waits, for rank 0's deposit, which needs its own first.
bool tree_cell_reduce_at_once(const communicator_view& comm, const void* input, void* recv, std::size_t count,
                              std::size_t element_size, const shm::reduction_op& op, int root, std::uint64_t sequence) {
  const std::size_t bytes = count * element_size;
  if ((comm.rank == root && root != 0) || missing_child_deposit(comm, bytes, sequence) != nullptr) return false;
  if (comm.rank == 0 && root == 0) {
    combine_subtree(comm, input, recv, count, element_size, op, sequence);
    finish_cells(comm, sequence);
    return true;
  }
  if (!cells_free(comm, deposit_mark(comm, bytes, sequence))) return false;
  deposit_subtree(comm, input, count, element_size, op, root, sequence);
  finish_cells(comm, sequence);
  return true;
}

}  // namespace

task cell_reduce_task(communicator_view comm, const void* input, void* recv, std::size_t count,
                      std::size_t element_size, shm::reduction_op op, int root, std::uint64_t sequence) {
  if (comm.size > flat_reduce_max)
    return tree_cell_reduce_task(comm, input, recv, count, element_size, op, root, sequence);
  return flat_cell_reduce_task(comm, input, recv, count, element_size, op, root, sequence);
}

bool cell_reduce_at_once(const communicator_view& comm, const void* input, void* recv, std::size_t count,
                         std::size_t element_size, const shm::reduction_op& op, int root, std::uint64_t sequence) {
  if (comm.size > flat_reduce_max)
    return tree_cell_reduce_at_once(comm, input, recv, count, element_size, op, root, sequence);
  return flat_cell_reduce_at_once(comm, input, recv, count, element_size, op, root, sequence);
}

namespace {

// Every rank deposits, wakes the others and combines all deposits itself (see the top of this file).
task symmetric_cell_allreduce_task(communicator_view comm, const void* input, void* recv, std::size_t count,
                                   std::size_t element_size, shm::reduction_op op, std::uint64_t sequence) {
  if (std::uint64_t previous = deposit_mark(comm, count * element_size, sequence); !cells_free(comm, previous))
    co_await await_cells_free(comm, previous);
  deposit_for_all(comm, input, count * element_size, sequence);
  co_await combine_deposits(comm, input, recv, count, element_size, op, sequence);
}

std::optional<task> symmetric_cell_allreduce_at_once(const communicator_view& comm, const void* input, void* recv,
                                                     std::size_t count, std::size_t element_size,
                                                     const shm::reduction_op& op, std::uint64_t sequence) {
  if (!cells_free(comm, deposit_mark(comm, count * element_size, sequence)))
    return symmetric_cell_allreduce_task(comm, input, recv, count, element_size, op, sequence);
  deposit_for_all(comm, input, count * element_size, sequence);
  if (missing_deposit(comm, count * element_size, sequence) != nullptr)
    return combine_deposits(comm, input, recv, count, element_size, op, sequence);
  combine_all(comm, input, recv, count, element_size, op, sequence);
  return std::nullopt;
}

task reduce_then_bcast_task(communicator_view comm, const void* input, void* recv, std::size_t count,
                            std::size_t element_size, shm::reduction_op op, std::uint64_t sequence) {
  co_await cell_reduce_task(comm, input, recv, count, element_size, op, 0, sequence);
  co_await bcast_task(comm, recv, count * element_size, 0, sequence + 1);
}

std::optional<task> reduce_then_bcast_at_once(const communicator_view& comm, const void* input, void* recv,
                                              std::size_t count, std::size_t element_size, const shm::reduction_op& op,
                                              std::uint64_t sequence) {
  if (!cell_reduce_at_once(comm, input, recv, count, element_size, op, 0, sequence))
    return reduce_then_bcast_task(comm, input, recv, count, element_size, op, sequence);
  return bcast_at_once(comm, recv, count * element_size, 0, sequence + 1);
}

}  // namespace

// Chooses without a coroutine of its own, whose frame would hold both forms' (each call allocates it).
task cell_allreduce_task(communicator_view comm, const void* input, void* recv, std::size_t count,
                         std::size_t element_size, shm::reduction_op op, std::uint64_t sequence) {
  if (comm.size > symmetric_allreduce_max)
    return reduce_then_bcast_task(comm, input, recv, count, element_size, op, sequence);
  return symmetric_cell_allreduce_task(comm, input, recv, count, element_size, op, sequence);
}

std::optional<task> cell_allreduce_at_once(const communicator_view& comm, const void* input, void* recv,
                                           std::size_t count, std::size_t element_size, const shm::reduction_op& op,
                                           std::uint64_t sequence) {
  if (comm.size > symmetric_allreduce_max)
    return reduce_then_bcast_at_once(comm, input, recv, count, element_size, op, sequence);
  return symmetric_cell_allreduce_at_once(comm, input, recv, count, element_size, op, sequence);
}

}  // namespace weft::coll
