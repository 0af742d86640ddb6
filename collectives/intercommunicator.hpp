#pragma once
// Collectives on intercommunicators, made of collectives within the caller's group and over both groups
// as one communicator (`both`: see weft_comm_s::both). Data crosses between the groups in one step: a
// rank publishes where its data is, all ranks of both groups pass a barrier, each rank copies what it
// takes from the other group straight out of the publisher's buffer, and a second barrier keeps every
// publisher until its readers are done.

#include <cstddef>
#include <cstdint>

#include "collectives/algorithms.hpp"
#include "collectives/communicator_view.hpp"
#include "collectives/reduction_op.hpp"
#include "collectives/task.hpp"

namespace weft::coll {

// Over `both`: `publish` (or null) becomes readable by all, then the caller runs `take` on what rank `from`
// of `both` published (unless `from` is negative). Takes two sequence numbers.
template <class Take>
task cross_task(communicator_view both, const void* publish, int from, Take take, std::uint64_t sequence) {
  shared_communicator& shared = *both.shared;
  shared.slot(both.rank).published = publish;
  co_await barrier_task(both, sequence);
  if (from >= 0) take(shared.slot(from).published);
  co_await barrier_task(both, sequence + 1);
}

// cross_task that copies `bytes` into `into`.
task cross_copy_task(communicator_view both, const void* publish, int from, void* into, std::size_t bytes,
                     std::uint64_t sequence);

// Reduces the `count` elements of every rank of the caller's group (`local`) in rank order, then hands
// the result over to the other group: a rank of it with `from` >= 0 (a rank of `both`, the leader of the
// caller's group) receives it in `recv`. Takes one sequence number of `local` and two of `both`.
task cross_reduce_task(communicator_view local, communicator_view both, const void* input, std::size_t count,
                       std::size_t element_size, reduction_op op, int from, void* recv, std::uint64_t local_sequence,
                       std::uint64_t both_sequence);

}  // namespace weft::coll
