// Reduce-scatter: each rank reduces its own block, reading it from every rank's input in place, in rank
// order, so the work is spread over all ranks. A barrier first tells that every input is published, a
// second one that nobody reads them any more.

#include "collectives/algorithms.hpp"
#include "collectives/combine_in_rank_order.hpp"
#include "collectives/reduction_algorithms.hpp"
#include "collectives/working_buffers.hpp"

namespace weft::coll {

task reduce_scatter_task(communicator_view comm, const void* input, void* recv, std::size_t offset, std::size_t count,
                         std::size_t element_size, reduction_op op, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  shared.slot(comm.rank).published = input;
  co_await barrier_task(comm, sequence);
  // In place, the result's place is input that others still read: it waits in working memory. Either
  // place is read by the caller only until the second barrier, so each tile is combined where it belongs.
  bool in_place = input == recv;
  auto* result = static_cast<std::byte*>(
      in_place ? working_buffers(shared.scratch(comm.rank), 1, span_of(count, element_size, op)).origin(0) : recv);
  auto block_of = [&](int r) {
    return static_cast<const std::byte*>(shared.slot(r).published) + offset * element_size;
  };
  combine_in_rank_order(comm.size, block_of, count, element_size, op, result, result);
  co_await barrier_task(comm, sequence + 1);
  if (in_place) copy_elements(recv, result, count, element_size, op);
}

}  // namespace weft::coll
