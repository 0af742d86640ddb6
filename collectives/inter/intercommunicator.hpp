#pragma once
// Collectives on intercommunicators, made of collectives within the caller's group (`local`) and over both
// groups as one communicator (`both`: see weft_comm_s::both, the leading group's ranks first). Data crosses
// between the groups in one step (exchange_with over `both`): every rank publishes where its data is, all
// ranks of both groups pass a barrier, each rank copies what it takes from ranks of the other group
// straight out of their buffers, and a second barrier keeps every publisher until its readers are done.
// That needs both groups on one node; groups that span nodes meet at their leaders instead
// (collectives/inter_spanning/intercommunicator_spanning.hpp).

#include <cstddef>
#include <cstdint>

#include "collectives/communicator_view.hpp"
#include "collectives/intercommunicator_table.hpp"
#include "collectives/node/algorithms.hpp"
#include "collectives/node/exchanges.hpp"
#include "collectives/task.hpp"
#include "shm/reduction_op.hpp"

namespace weft::coll {

// Over `both`: `publish` (or null) becomes readable by all, then the caller copies `bytes` into `into` from
// what rank `from` of `both` published (unless `from` is negative). Takes two sequence numbers.
task cross_copy_task(communicator_view both, const void* publish, int from, void* into, std::size_t bytes,
                     std::uint64_t sequence);

// A group's reduction as its leader publishes it: `count` elements at `origin`. Empty elsewhere.
struct group_result {
  const std::byte* origin = nullptr;
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

// The operations of intercommunicator_table on one node (collectives/intercommunicator_table.hpp says what each
// argument means).
task cross_bcast_task(crossing place, shm::typed_span data, int root, bool is_root, crossing_sequences sequences);
task cross_rooted_reduce_task(crossing place, const void* input, void* recv, std::size_t count,
                              std::size_t element_size, shm::reduction_op op, int to, int from,
                              crossing_sequences sequences);
task cross_exchange_reductions_task(crossing place, const void* input, void* recv, std::size_t count,
                                    std::size_t element_size, shm::reduction_op op, result_block taken,
                                    crossing_sequences sequences);

}  // namespace weft::coll
