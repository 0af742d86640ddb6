#pragma once
// Gather, scatter, allgather and alltoall on intercommunicators (MPI-3.1, 5.2.2), over both groups as one
// communicator: every block crosses in one copy, straight from the buffer of the rank that gives it, in its
// layout, into the buffer of the rank of the other group that takes it (exchange_with over the other
// group's ranks). Where the groups span nodes, each block goes by point-to-point from the one to the other
// instead (collectives/inter_spanning/intercommunicator_spanning.hpp), and only its taker can find it too large. The
// blocks of a map are indexed by the ranks of the other group. Truncations name each rank by its rank in its own group.
// Spans, maps and what they point to are not owned, as in collectives/node/data_movement.hpp. Each task takes two
// sequence numbers of `both` (crossing_sequences::both) and none of the caller's group.

#include <cstdint>

#include "collectives/block_map.hpp"
#include "collectives/communicator_view.hpp"
#include "collectives/inter/intercommunicator.hpp"
#include "collectives/task.hpp"

namespace weft::coll {

// Block i of the root's `recv` receives the `send` of rank i of the other group. On that group's ranks,
// `root` is the root's rank in the root's group; in the root's group it is negative, `is_root` tells the
// root, and `send` does not matter. `recv` matters at the root only.
task inter_gather_task(crossing place, shm::const_typed_span send, block_map recv, int root, bool is_root,
                       truncation* seen, crossing_sequences sequences);

// Rank i of the other group receives block i of the root's `send` into its `recv`; `root` as for gather.
task inter_scatter_task(crossing place, const_block_map send, shm::typed_span recv, int root, bool is_root,
                        truncation* seen, crossing_sequences sequences);

// Block i of every rank's `recv` receives the `send` of rank i of the other group.
task inter_allgather_task(crossing place, shm::const_typed_span send, block_map recv, truncation* seen,
                          crossing_sequences sequences);

// Block i of rank j's `recv` receives block j of the `send` of rank i of the other group.
task inter_alltoall_task(crossing place, const_block_map send, block_map recv, truncation* seen,
                         crossing_sequences sequences);

}  // namespace weft::coll
