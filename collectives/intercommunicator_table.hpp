#pragma once
// An intercommunicator's collective operations, a function of how its two groups lie over nodes (fixed
// when their shared state is attached): data read across the groups in place where both run on this node
// (collectives/inter/intercommunicator.hpp, collectives/inter/intercommunicator_data_movement.hpp), met at the groups'
// leaders where they span nodes (collectives/inter_spanning/intercommunicator_spanning.hpp). Its barrier is the barrier
// of both groups as one communicator (crossing::both's collective_table).
//
// Every call takes two sequence numbers of both groups and, where the caller's group has a phase of its
// own, the entry's `group_sequences` of the caller's group: take_sequences() takes them.

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "collectives/block_map.hpp"
#include "collectives/communicator_view.hpp"
#include "collectives/task.hpp"
#include "shm/reduction_op.hpp"

namespace weft::coll {

struct intercommunicator_table;

// Rank `rank` alone, or no rank when it is negative.
inline rank_range only(int rank) noexcept { return {rank, rank >= 0 ? 1 : 0}; }

// Where the caller stands in an intercommunicator's collectives: the view of its own group and of both
// groups, and the other group's ranks in `both`.
struct crossing {
  communicator_view local;
  communicator_view both;
  rank_range remote;

  // Its operations, from how both groups lie over nodes (below).
  inline const intercommunicator_table& operations() const noexcept;
};

// The sequence numbers of a collective across the groups: of `both`, and of the caller's group for its
// phases within the group (none on one node, where the other group's buffers are read in place).
struct crossing_sequences {
  std::uint64_t both = 0;
  std::uint64_t local = 0;
};

// The part of the other group's reduction a rank takes: `count` elements from element `offset` on.
struct result_block {
  std::size_t offset = 0;
  std::size_t count = 0;
};

template <class... Args>
struct crossing_operation {
  task (*make)(crossing place, Args... args, crossing_sequences sequences);
  int group_sequences;  // of the caller's group, when it has a phase within it
};

// Where a root is an argument: `root` is the root's rank in its group on the ranks of the other group, and
// negative in the root's group, where `is_root` tells the root.
struct intercommunicator_table {
  // data (significant at the root and on the other group's ranks), root, is_root; the receiving group has a
  // phase of its own
  crossing_operation<shm::typed_span, int, bool> bcast;
  // input, recv, count, element size, operation, `to` (on the group that sends: the root's rank in both),
  // `from` (at the root: the sending group's leader in both); the sending group has a phase of its own
  crossing_operation<const void*, void*, std::size_t, std::size_t, shm::reduction_op, int, int> reduce;
  // Allreduce and reduce-scatter: input, recv, count, element size, operation, the block of the other group's
  // result each rank takes; both groups have a phase of their own
  crossing_operation<const void*, void*, std::size_t, std::size_t, shm::reduction_op, result_block> exchange_reductions;
  // As collectives/inter/intercommunicator_data_movement.hpp says of each; no phase within a group.
  crossing_operation<shm::const_typed_span, block_map, int, bool, truncation*> gather;
  crossing_operation<const_block_map, shm::typed_span, int, bool, truncation*> scatter;
  crossing_operation<shm::const_typed_span, block_map, truncation*> allgather;
  crossing_operation<const_block_map, block_map, truncation*> alltoall;
};

extern const intercommunicator_table node_intercommunicator_collectives;
extern const intercommunicator_table spanning_intercommunicator_collectives;

// Both groups on one node read each other's buffers in place; groups over several nodes meet at their leaders.
inline const intercommunicator_table& crossing::operations() const noexcept {
  return both.spans_nodes() ? spanning_intercommunicator_collectives : node_intercommunicator_collectives;
}

// The sequence numbers of one call of `operation` at `place`; `group_phase`: whether the caller's group
// has a phase of its own in this call.
template <class... Args>
crossing_sequences take_sequences(const crossing& place, const crossing_operation<Args...>& operation,
                                  bool group_phase) noexcept {
  std::uint64_t both = place.both.take_sequences(2);
  int group = group_phase ? operation.group_sequences : 0;
  return {both, group != 0 ? place.local.take_sequences(group) : 0};
}

// The task of `operation` at `place`, its sequence numbers taken, for an operation without a phase within
// a group (the data-movement collectives).
template <class... Args>
task start(const crossing& place, const crossing_operation<Args...>& operation, std::type_identity_t<Args>... args) {
  return operation.make(place, std::move(args)..., take_sequences(place, operation, false));
}

}  // namespace weft::coll
