#pragma once
// A communicator's collective operations, a function of how its members lie over nodes (fixed when the
// state they share, shared_communicator, is attached to the communicator): the algorithms over one node's
// shared address space (node_collectives) or their composition over nodes (spanning_collectives,
// collectives/spanning/spanning.hpp). Callers go through the table of the view they hold and never ask what kind of
// communicator it is.
//
// Each entry declares how many sequence numbers a call takes, the same on every member: start() takes
// them from the view's count, so that no caller keeps a count of its own in step with the algorithm.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <utility>

#include "collectives/block_map.hpp"
#include "collectives/communicator_view.hpp"
#include "collectives/neighborhood.hpp"
#include "collectives/task.hpp"
#include "shm/reduction_op.hpp"

namespace weft::coll {

// Inclusive: rank r receives x0 op ... op xr. Exclusive: rank r > 0 receives x0 op ... op x(r-1); rank 0's
// `recv` is left alone.
enum class prefix_kind { inclusive, exclusive };

// An operation: `make` makes the task that does it, over `sequences` sequence numbers from the one it is
// given.
template <class... Args>
struct collective_operation {
  task (*make)(communicator_view comm, Args... args, std::uint64_t sequence);
  int sequences;
};

// An operation whose blocking call first tries the caller's part at once (collectives/node/algorithms.hpp): `begin`
// returns nothing when that part is done, else the task that does the rest, over the same sequence numbers. A family
// without such a first attempt begins with the whole task (whole()).
template <class... Args>
struct begun_operation : collective_operation<Args...> {
  std::optional<task> (*begin)(const communicator_view& comm, Args... args, std::uint64_t sequence);

  template <task (*Make)(communicator_view, Args..., std::uint64_t)>
  static std::optional<task> whole(const communicator_view& comm, Args... args, std::uint64_t sequence) {
    return Make(comm, std::move(args)..., sequence);
  }
};

struct collective_table {
  begun_operation<> barrier;
  // buffer, bytes, root
  begun_operation<void*, std::size_t, int> bcast;
  // input, recv, count, element size, operation, root; `input` may equal `recv`
  begun_operation<const void*, void*, std::size_t, std::size_t, shm::reduction_op, int> reduce;
  // input, recv, count, element size, operation
  begun_operation<const void*, void*, std::size_t, std::size_t, shm::reduction_op> allreduce;
  // input, recv, count, element size, operation, inclusive or exclusive
  collective_operation<const void*, void*, std::size_t, std::size_t, shm::reduction_op, prefix_kind> scan;
  // input, recv, the caller's block (offset and count), total, element size, operation
  collective_operation<const void*, void*, std::size_t, std::size_t, std::size_t, std::size_t, shm::reduction_op>
      reduce_scatter;
  // As collectives/node/data_movement.hpp says of each: send, recv, root (gather, scatter), where truncation is
  // recorded.
  collective_operation<std::optional<shm::const_typed_span>, block_map, int, truncation*> gather;
  collective_operation<const_block_map, std::optional<shm::typed_span>, int, truncation*> scatter;
  collective_operation<std::optional<shm::const_typed_span>, block_map, truncation*> allgather;
  collective_operation<std::optional<const_block_map>, block_map, truncation*> alltoall;
  // As neighborhood.hpp says.
  collective_operation<neighbourhood, const_block_map, block_map, truncation*> neighbor_exchange;
};

extern const collective_table node_collectives;
extern const collective_table spanning_collectives;

// Members on one node share slots; members over several compose node phases with steps between nodes.
inline const collective_table& communicator_view::operations() const noexcept {
  return spans_nodes() ? spanning_collectives : node_collectives;
}

// The sequence numbers of one call of `operation` on `comm`.
template <class... Args>
std::uint64_t take_sequences(const communicator_view& comm, const collective_operation<Args...>& operation) noexcept {
  return comm.take_sequences(operation.sequences);
}

// The task of `operation` on `comm`, its sequence numbers taken.
template <class... Args>
task start(const communicator_view& comm, const collective_operation<Args...>& operation,
           std::type_identity_t<Args>... args) {
  return operation.make(comm, std::move(args)..., take_sequences(comm, operation));
}

// The broadcast of `buffer`, a layout that need not be contiguous, over any communicator: it travels packed
// through the table's broadcast, the root packing into working memory of its own, the others unpacking from
// theirs. Takes the sequence numbers of the table's broadcast.
task bcast_typed_task(communicator_view comm, shm::typed_span buffer, int root, std::uint64_t sequence);

}  // namespace weft::coll
