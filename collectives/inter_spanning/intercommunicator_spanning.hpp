#pragma once
// Collectives on an intercommunicator whose groups span nodes (crossing::both spans_nodes), where no rank
// can read the other group's buffers in place. MPICH's way: a group's data meets at its leader (its rank
// 0) by a collective of the group (`local`, itself composed over nodes: collectives/spanning/spanning.hpp), the two
// leaders exchange by point-to-point over `both` (collectives/spanning/peer_messages.hpp), and the result spreads in
// the receiving group by a collective of that group, through the group's own table. The data-movement collectives move
// each block by point-to-point between its giver and its taker, layout to layout, as across nodes within a
// communicator. These are the entries of spanning_intercommunicator_collectives
// (collectives/intercommunicator_table.hpp).
//
// Each takes the sequence numbers its table entry declares: two of `both` (of which it uses the first) and,
// of the caller's group, as many as each says. A block too large for its room is found by its taker and
// named as on one node: each rank by its rank in its own group.

#include <cstddef>
#include <cstdint>

#include "collectives/block_map.hpp"
#include "collectives/intercommunicator_table.hpp"
#include "collectives/task.hpp"
#include "shm/reduction_op.hpp"

namespace weft::coll {

// The root (`is_root`) sends `data` to the other group's leader, which broadcasts it in its group; there
// `root` is the root's rank in its group (negative in the root's group). One sequence number of the
// receiving group.
task spanning_inter_bcast(crossing place, shm::typed_span data, int root, bool is_root, crossing_sequences sequences);

// The group whose ranks send (`to` >= 0, the root's rank in `both`) reduces its `count` elements in rank
// order at its leader, which sends the result to the root; the root (`from` >= 0, the other group's
// leader in `both`) receives it into `recv`. Three sequence numbers of the sending group (its reduce's).
task spanning_inter_reduce(crossing place, const void* input, void* recv, std::size_t count, std::size_t element_size,
                           shm::reduction_op op, int to, int from, crossing_sequences sequences);

// Allreduce and reduce-scatter: each group reduces its `count` elements in rank order at its leader, the
// leaders swap their results, each broadcasts the other's in its group, and every rank copies `taken` of
// it into `recv` (no more than arrived, as on one node). Four sequence numbers of each group.
task spanning_inter_exchange_reductions(crossing place, const void* input, void* recv, std::size_t count,
                                        std::size_t element_size, shm::reduction_op op, result_block taken,
                                        crossing_sequences sequences);

// As inter_gather_task and the others (collectives/inter/intercommunicator_data_movement.hpp), block by block.
task spanning_inter_gather(crossing place, shm::const_typed_span send, block_map recv, int root, bool is_root,
                           truncation* seen, crossing_sequences sequences);
task spanning_inter_scatter(crossing place, const_block_map send, shm::typed_span recv, int root, bool is_root,
                            truncation* seen, crossing_sequences sequences);
task spanning_inter_allgather(crossing place, shm::const_typed_span send, block_map recv, truncation* seen,
                              crossing_sequences sequences);
task spanning_inter_alltoall(crossing place, const_block_map send, block_map recv, truncation* seen,
                             crossing_sequences sequences);

}  // namespace weft::coll
