// Reduce and allreduce of long vectors, tiled (after the HPDC'13 paper): every rank owns one slice of the
// vector and reduces it straight from all ranks' send buffers, all ranks at the same time, where the
// tree makes rank 0 read and combine the whole vector once per level. The reduce writes each
// slice into the root's receive buffer: two barriers (all buffers published; all slices written). The
// allreduce writes each slice into its owner's receive buffer, and every rank then copies the others'
// slices from their owners: a third barrier keeps each receive buffer until all have copied from it.
//
// A slice is combined tile by tile in a working buffer of the owner, small enough to stay in the cache
// while the peers' tiles stream through it. Slices break between elements, so every element is combined
// by one rank in rank order, as non-commutative operations need, and results are bitwise the same on
// every rank.

#include <cstring>

#include "collectives/algorithms.hpp"
#include "collectives/combine_in_rank_order.hpp"
#include "collectives/exchanges.hpp"
#include "collectives/vector_slices.hpp"

namespace weft::coll {
namespace {

struct published_buffers {
  const std::byte* input;
  std::byte* recv;
};

// Combines the caller's slice of every rank's input into `destination` (a receive buffer: the root's, or
// the caller's own), the buffers having been published; the slices are cut for writing into `anchor`.
void reduce_own_slice(const communicator_view& comm, std::size_t count, std::size_t element_size,
                      const reduction_op& op, const std::byte* anchor, std::byte* destination) {
  shared_communicator& shared = *comm.shared;
  slice own = slice_of(comm.rank, comm.size, count, element_size, anchor);
  std::size_t first = own.first * element_size;
  auto input_of = [&](int rank) {
    return static_cast<const published_buffers*>(shared.slot(rank).published)->input + first;
  };
  // In place, this overwrites the tiles of an input that only the caller reads, and has read.
  combine_in_rank_order(comm.size, input_of, own.length, element_size, op,
                        tile_accumulator(shared.scratch(comm.rank), element_size, op), destination + first);
}

}  // namespace

task tiled_reduce_task(communicator_view comm, const void* input, void* recv, std::size_t count,
                       std::size_t element_size, reduction_op op, int root, std::uint64_t sequence) {
  published_buffers mine{static_cast<const std::byte*>(input), static_cast<std::byte*>(recv)};
  auto reduce_into_root = [comm, count, element_size, op, root](const auto& published) {
    std::byte* destination = published(root).recv;
    reduce_own_slice(comm, count, element_size, op, destination, destination);
  };
  return exchange_published(comm, mine, reduce_into_root, sequence);
}

task tiled_allreduce_task(communicator_view comm, const void* input, void* recv, std::size_t count,
                          std::size_t element_size, reduction_op op, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  published_buffers mine{static_cast<const std::byte*>(input), static_cast<std::byte*>(recv)};
  shared.slot(comm.rank).published = &mine;
  co_await barrier_task(comm, sequence);
  // One cut for all: every rank writes its own receive buffer, which usually shares rank 0's alignment.
  const std::byte* anchor = static_cast<const published_buffers*>(shared.slot(0).published)->recv;
  reduce_own_slice(comm, count, element_size, op, anchor, mine.recv);
  co_await barrier_task(comm, sequence + 1);
  for (int step = 1; step < comm.size; ++step) {
    int owner = (comm.rank + step) % comm.size;
    slice theirs = slice_of(owner, comm.size, count, element_size, anchor);
    std::size_t offset = theirs.first * element_size;
    const std::byte* source = static_cast<const published_buffers*>(shared.slot(owner).published)->recv;
    if (theirs.length != 0) std::memcpy(mine.recv + offset, source + offset, theirs.length * element_size);
  }
  co_await barrier_task(comm, sequence + 2);
}

}  // namespace weft::coll
