#pragma once
// Collectives on intercommunicators, made of collectives within the caller's group (`local`) and over both
// groups as one communicator (`both`: see weft_comm_s::both, the leading group's ranks first). Data crosses
// between the groups in one step (exchange_with over `both`): every rank publishes where its data is, all
// ranks of both groups pass a barrier, each rank copies what it takes from ranks of the other group
// straight out of their buffers, and a second barrier keeps every publisher until its readers are done.
// That needs both groups on one node; groups that span nodes meet at their leaders instead
// (intercommunicator_spanning.hpp).

#include <cstddef>
#include <cstdint>

#include "collectives/algorithms.hpp"
#include "collectives/communicator_view.hpp"
#include "collectives/exchanges.hpp"
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

  // Its operations, from how both groups lie over nodes (intercommunicator_table.hpp).
  inline const intercommunicator_table& operations() const noexcept;
};

// The sequence numbers of a collective across the groups: of `both`, and of the caller's group for its
// phases within the group (none on one node, where the other group's buffers are read in place).
struct crossing_sequences {
  std::uint64_t both = 0;
  std::uint64_t local = 0;
};

// Over `both`: `publish` (or null) becomes readable by all, then the caller copies `bytes` into `into` from
// what rank `from` of `both` published (unless `from` is negative). Takes two sequence numbers.
task cross_copy_task(communicator_view both, const void* publish, int from, void* into, std::size_t bytes,
                     std::uint64_t sequence);

// A group's reduction as its leader publishes it: `count` elements at `origin`. Empty elsewhere.
struct group_result {
  const std::byte* origin = nullptr;
  std::size_t count = 0;
};

// The part of the other group's reduction a rank takes: `count` elements from element `offset` on.
struct result_block {
  std::size_t offset = 0;
  std::size_t count = 0;
};

// Over `both`: `mine` becomes readable by all, then a caller with `from` >= 0 copies `taken` of the result
// that rank `from` of `both` published into `recv`; no more than there is (groups that disagree on the
// count, which MPI forbids, get the elements there are). Takes two sequence numbers.
task cross_result_task(communicator_view both, group_result mine, int from, void* recv, result_block taken,
                       std::size_t element_size, shm::reduction_op op, std::uint64_t sequence);

// Reduces the `count` elements of every rank of the caller's group (`local`) in rank order at its leader,
// then hands the result over to the other group (see cross_result_task). Takes one sequence number of
// `local` and two of `both`.
task cross_reduce_task(communicator_view local, communicator_view both, const void* input, std::size_t count,
                       std::size_t element_size, shm::reduction_op op, int from, void* recv, result_block taken,
                       std::uint64_t local_sequence, std::uint64_t both_sequence);

// The operations of intercommunicator_table on one node (intercommunicator_table.hpp says what each
// argument means).
task cross_bcast_task(crossing place, shm::typed_span data, int root, bool is_root, crossing_sequences sequences);
task cross_rooted_reduce_task(crossing place, const void* input, void* recv, std::size_t count,
                              std::size_t element_size, shm::reduction_op op, int to, int from,
                              crossing_sequences sequences);
task cross_exchange_reductions_task(crossing place, const void* input, void* recv, std::size_t count,
                                    std::size_t element_size, shm::reduction_op op, result_block taken,
                                    crossing_sequences sequences);

}  // namespace weft::coll
