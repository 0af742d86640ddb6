// Reduce-scatter, in one of two ways chosen by the size of the blocks.
//
// Direct: every rank reduces its own block, reading it from every rank's input in place, in rank order,
// so the work is spread over all ranks. A barrier first tells that every input is published, a second one
// that nobody reads them any more. Each rank combines p blocks, one call of the operation per peer and
// tile: with small blocks and many ranks, p² calls of a few elements each.
//
// Tree: the whole vector is reduced up the communicator's tree (reduce_task, in rank order) into rank 0's working
// memory, then every rank copies its block out of it (rooted_exchange: rank 0 keeps the result until all
// have copied). p - 1 calls of the operation on the whole vector, and ⌈log2 p⌉ + 2·⌈log2 p⌉ tree levels
// against the direct form's 4·⌈log2 p⌉.

#include "collectives/node/algorithms.hpp"
#include "collectives/node/combine_in_rank_order.hpp"
#include "collectives/node/exchanges.hpp"
#include "collectives/working_buffers.hpp"
#include "runtime/config.hpp"
#include "runtime/path_report.hpp"

namespace weft::coll {
namespace {

task direct_reduce_scatter(communicator_view comm, const void* input, void* recv, std::size_t offset, std::size_t count,
                           std::size_t element_size, shm::reduction_op op, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  shared.slot(comm.rank).published = input;
  co_await barrier_task(comm, sequence);
  // In place, the result's place is input that others still read: it waits in working memory. Either
  // place is read by the caller only until the second barrier, so each tile is combined where it belongs.
  bool in_place = input == recv;
  auto* result = static_cast<std::byte*>(
      in_place ? working_buffers(shared.scratch(comm.rank), 1, shm::span_of(count, element_size, op)).origin(0) : recv);
  auto block_of = [&](int r) {
    return static_cast<const std::byte*>(shared.slot(r).published) + offset * element_size;
  };
  combine_in_rank_order(comm.size, block_of, count, element_size, op, result, result);
  co_await barrier_task(comm, sequence + 1);
  if (in_place) shm::copy_elements(recv, result, count, element_size, op);
}

task tree_reduce_scatter(communicator_view comm, const void* input, void* recv, std::size_t offset, std::size_t count,
                         std::size_t total, std::size_t element_size, shm::reduction_op op, std::uint64_t sequence) {
  // reduce_task combines at rank 0 in this very working memory (the same scratch and span), so naming it
  // as the result's place costs no copy; the other ranks' `recv` of the reduce is not significant.
  std::byte* whole = nullptr;
  if (comm.rank == 0)
    whole = working_buffers(comm.shared->scratch(0), 1, shm::span_of(total, element_size, op)).origin(0);
  co_await reduce_task(comm, input, whole, total, element_size, op, 0, sequence);
  // Every rank has handed its input up the tree by now, so in place its block may overwrite it.
  auto copy_mine = [recv, offset, count, element_size, op](const std::byte* result) {
    shm::copy_elements(recv, result + offset * element_size, count, element_size, op);
  };
  co_await rooted_exchange(comm, 0, whole, copy_mine, sequence + 1);
}

}  // namespace

task reduce_scatter_task(communicator_view comm, const void* input, void* recv, std::size_t offset, std::size_t count,
                         std::size_t total, std::size_t element_size, shm::reduction_op op, std::uint64_t sequence) {
  // Every member decides alike: the average block is the same everywhere. Below WEFT_REDUCE_SCATTER_DIRECT_MIN
  // the direct form's p² calls of the operation on small blocks cost more than the tree.
  bool tree = total * element_size / comm.size < runtime::job_config().reduce_scatter_direct_min;
  if (runtime::reporting_paths()) [[unlikely]]
    runtime::report_path("collective", "reduce_scatter", tree ? "tree" : "direct",
                         "average block of %zu B %s WEFT_REDUCE_SCATTER_DIRECT_MIN on %d members",
                         total * element_size / comm.size, tree ? "below" : "at least", comm.size);
  if (tree) return tree_reduce_scatter(comm, input, recv, offset, count, total, element_size, op, sequence);
  return direct_reduce_scatter(comm, input, recv, offset, count, element_size, op, sequence);
}

}  // namespace weft::coll
