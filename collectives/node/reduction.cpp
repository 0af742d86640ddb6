// Reduce and allreduce along the communicator's tree. A rank combines its children's partial results where
// they keep them (a leaf's own send buffer), in rank order: the subtree of a child covers the ranks after
// those of the children before it, so results are the same for non-commutative operations. A child
// returns once its parent has read its partial result.

#include "collectives/node/algorithms.hpp"
#include "collectives/node/tree_steps.hpp"
#include "collectives/working_buffers.hpp"
#include "runtime/config.hpp"
#include "runtime/path_report.hpp"

namespace weft::coll {

task reduce_task(communicator_view comm, const void* input, void* recv, std::size_t count, std::size_t element_size,
                 shm::reduction_op op, int root, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  member_slot& me = shared.slot(comm.rank);
  const void* partial = input;
  if (int children = shared.tree().child_count(comm.rank); children != 0) {
    // The tree's root combines straight into a receive buffer of its own that holds plain elements,
    // sparing a copy of the result.
    bool into_recv = comm.rank == root && root == 0 && recv != input && op.layout == nullptr;
    void* acc = into_recv
                    ? recv
                    : working_buffers(shared.scratch(comm.rank), 1, shm::span_of(count, element_size, op)).origin(0);
    while (const signal* missing = missing_child(comm, sequence)) co_await until{me, *missing, sequence};
    auto partial_of = [&](int index) { return shared.slot(shared.tree().child(comm.rank, index)).published; };
    // acc = input op child 0 op child 1 ...: from the last child backwards, each combination putting
    // the lower ranks' data in front.
    shm::copy_elements(acc, partial_of(children - 1), count, element_size, op);
    for (int i = children - 2; i >= 0; --i) op.combine(partial_of(i), acc, count);
    release_children(comm, sequence);  // their partial results are read: they go on while we combine ours
    op.combine(input, acc, count);
    partial = acc;
  }
  if (comm.rank != 0) {
    me.published = partial;
    signal_parent(comm, sequence);
    co_await until{me, me.from_parent, sequence};
  } else if (root == 0) {
    if (partial != recv) shm::copy_elements(recv, partial, count, element_size, op);
  } else {
    me.published = partial;
    member_slot& root_slot = shared.slot(root);
    root_slot.raise(root_slot.from_tree_root, sequence);
    co_await until{me, me.from_collective_root, sequence};
  }
  if (comm.rank == root && root != 0) {
    co_await until{me, me.from_tree_root, sequence};
    member_slot& tree_root = shared.slot(0);
    shm::copy_elements(recv, tree_root.published, count, element_size, op);
    tree_root.raise(tree_root.from_collective_root, sequence);
  }
}

namespace {

// Long vectors of plain elements are reduced tiled, where each rank's share of the work outweighs the
// tiled form's barriers, which cost more the more ranks there are: the rule is on the slice per rank,
// `slice_min` (WEFT_REDUCE_TILED_SLICE_MIN or WEFT_ALLREDUCE_TILED_SLICE_MIN). Every member decides alike,
// from the same count and type.
bool tiled(const communicator_view& comm, std::size_t count, std::size_t element_size, const shm::reduction_op& op,
           std::size_t slice_min) {
  return op.layout == nullptr && comm.size > 1 && count * element_size / comm.size >= slice_min;
}

// On two members the slice must be twice as large: the tree's root reads its one peer's vector, where the
// tiled form also moves half the root's input to the peer and half the result back, 1.5 times the lines
// between the cores. Measured (MPI_SUM of doubles, 2 ranks on 2 cores, back-to-back calls, 2026-11-27,
// us, tree against tiled): 16 KiB 0.82-1.47 (14 runs) against 1.20-1.88 (10 runs) with the same inputs
// every call, 4.1-4.3 against 4.0-4.4 with inputs rewritten before each; 32 KiB 2.4-2.7 against 1.7-2.0
// and 7.6-9.0 against 6.5-7.1. On 4 ranks the tree loses already at 8 KiB slices (32 KiB: 10.6-11.0
// against 4.8-6.4).
bool tiled_reduce(const communicator_view& comm, std::size_t count, std::size_t element_size,
                  const shm::reduction_op& op) {
  std::size_t slice_min = runtime::job_config().reduce_tiled_slice_min;
  return tiled(comm, count, element_size, op, comm.size == 2 ? 2 * slice_min : slice_min);
}

// An allreduce is tiled from a smaller slice than a reduce: the tree's broadcast of the result, which the
// tiled form does without, costs as much again as its reduce. Measured (MPI_SUM of doubles, back-to-back
// calls, this 2-core machine, 2026-11-27, tiled against the tree, us): 2 ranks 2 KiB 1.0-1.2 against
// 1.5-1.6, 8 KiB 1.1-1.2 against 3.0-3.1, 512 B 1.0-1.2 against 1.0; 4 ranks 4 KiB 3.9-5.3 against 4.6-4.8,
// 8 KiB 4.5-5.2 against 7.1-7.3; 16 ranks 16 KiB 22-25 against 22, 32 KiB 28-31 against 39-42, 64 KiB 39-47
// against 68. The tiled reduce, whose tree needs no broadcast, ties at 16 KiB on 2 ranks and wins there on 4.
// A slice of 2 KiB rather than 1 leaves the 2-rank allreduce of 2 KiB to the deposit cells, 0.92-0.99 us
// against tiled 1.23-1.52; elsewhere the two tie at 1 KiB slices.
bool tiled_allreduce(const communicator_view& comm, std::size_t count, std::size_t element_size,
                     const shm::reduction_op& op) {
  return tiled(comm, count, element_size, op, runtime::job_config().allreduce_tiled_slice_min);
}

enum class reduction_algorithm { cells, tiled, tree };
enum class reduction_kind { reduce, allreduce };

// The algorithm of a reduction on one node, alike on every member: tiled ones do not go through the cells
// even when they would fit (small WEFT_REDUCE_TILED_SLICE_MIN and WEFT_ALLREDUCE_TILED_SLICE_MIN tile them).

reduction_algorithm choose_reduction(reduction_kind kind, const communicator_view& comm, std::size_t count,
                                     std::size_t element_size, const shm::reduction_op& op) {
  bool all = kind == reduction_kind::allreduce;
  const char* operation = all ? "allreduce" : "reduce";
  const char* setting = all ? "WEFT_ALLREDUCE_TILED_SLICE_MIN" : "WEFT_REDUCE_TILED_SLICE_MIN";
  reduction_algorithm chosen = reduction_algorithm::tree;
  if (all ? tiled_allreduce(comm, count, element_size, op) : tiled_reduce(comm, count, element_size, op))
    chosen = reduction_algorithm::tiled;
  else if (fits_deposits(comm, count, element_size, op))
    chosen = reduction_algorithm::cells;
  if (runtime::reporting_paths() && comm.size > 1) [[unlikely]] {  // a lone member has nothing to choose
    std::size_t bytes = count * element_size;
    if (chosen == reduction_algorithm::tiled)
      runtime::report_path("collective", operation, "tiled", "%zu B on %d members: each slice reaches %s", bytes,
                           comm.size, setting);
    else if (chosen == reduction_algorithm::cells)
      runtime::report_path("collective", operation, "cells", "%zu B on %d members fit the deposit cells", bytes,
                           comm.size);
    else
      runtime::report_path("collective", operation, "tree", "%zu B on %d members: beyond the deposit cells, and %s",
                           bytes, comm.size,
                           op.layout != nullptr ? "a derived datatype's elements are not tiled"
                                                : "each slice below the tiling threshold");
  }
  return chosen;
}

// A reduction on one member: its result is its own input.
void keep_own_input(const void* input, void* recv, std::size_t count, std::size_t element_size,
                    const shm::reduction_op& op) {
  if (input != recv) shm::copy_elements(recv, input, count, element_size, op);
}

}  // namespace

task rooted_reduce_task(communicator_view comm, const void* input, void* recv, std::size_t count,
                        std::size_t element_size, shm::reduction_op op, int root, std::uint64_t sequence) {
  switch (choose_reduction(reduction_kind::reduce, comm, count, element_size, op)) {
    case reduction_algorithm::cells:
      return cell_reduce_task(comm, input, recv, count, element_size, op, root, sequence);
    case reduction_algorithm::tiled:
      return tiled_reduce_task(comm, input, recv, count, element_size, op, root, sequence);
    case reduction_algorithm::tree:
      break;
  }
  return reduce_task(comm, input, recv, count, element_size, op, root, sequence);
}

namespace {

// An allreduce that is neither tiled nor in the cells: a reduce to rank 0 along the tree, then a
// broadcast of the result.
task tree_allreduce_task(communicator_view comm, const void* input, void* recv, std::size_t count,
                         std::size_t element_size, shm::reduction_op op, std::uint64_t sequence) {
  co_await reduce_task(comm, input, recv, count, element_size, op, 0, sequence);
  // The broadcast moves the bytes the elements span; where the layout leaves gaps, which the receive
  // buffers must keep, the others receive those bytes into working memory and copy the data out.
  shm::element_span span = shm::span_of(count, element_size, op);
  bool has_gaps = op.layout != nullptr && !op.layout->is_contiguous();
  std::byte* origin = comm.rank == 0 || !has_gaps ? static_cast<std::byte*>(recv)
                                                  : working_buffers(comm.shared->scratch(comm.rank), 1, span).origin(0);
  co_await bcast_task(comm, origin + span.first, span.bytes, 0, sequence + 1);
  if (origin != recv) shm::copy_elements(recv, origin, count, element_size, op);
}

}  // namespace

// Chooses without a coroutine of its own: a frame holding every algorithm's state would be allocated
// and freed by each call, the cost of a small allreduce's whole exchange.
task allreduce_task(communicator_view comm, const void* input, void* recv, std::size_t count, std::size_t element_size,
                    shm::reduction_op op, std::uint64_t sequence) {
  switch (choose_reduction(reduction_kind::allreduce, comm, count, element_size, op)) {
    case reduction_algorithm::cells:
      return cell_allreduce_task(comm, input, recv, count, element_size, op, sequence);
    case reduction_algorithm::tiled:
      return tiled_allreduce_task(comm, input, recv, count, element_size, op, sequence);
    case reduction_algorithm::tree:
      break;
  }
  return tree_allreduce_task(comm, input, recv, count, element_size, op, sequence);
}

std::optional<task> rooted_reduce_at_once(const communicator_view& comm, const void* input, void* recv,
                                          std::size_t count, std::size_t element_size, shm::reduction_op op, int root,
                                          std::uint64_t sequence) {
  if (may_do_at_once(comm)) {
    if (comm.size == 1) {
      keep_own_input(input, recv, count, element_size, op);
      return std::nullopt;
    }
    if (choose_reduction(reduction_kind::reduce, comm, count, element_size, op) == reduction_algorithm::cells &&
        cell_reduce_at_once(comm, input, recv, count, element_size, op, root, sequence))
      return std::nullopt;
  }
  return rooted_reduce_task(comm, input, recv, count, element_size, op, root, sequence);
}

std::optional<task> allreduce_at_once(const communicator_view& comm, const void* input, void* recv, std::size_t count,
                                      std::size_t element_size, shm::reduction_op op, std::uint64_t sequence) {
  if (may_do_at_once(comm)) {
    if (comm.size == 1) {
      keep_own_input(input, recv, count, element_size, op);
      return std::nullopt;
    }
    if (choose_reduction(reduction_kind::allreduce, comm, count, element_size, op) == reduction_algorithm::cells)
      return cell_allreduce_at_once(comm, input, recv, count, element_size, op, sequence);
  }
  return allreduce_task(comm, input, recv, count, element_size, op, sequence);
}

}  // namespace weft::coll
