// The collective table of an intercommunicator whose two groups run on this node: every rank reads what it
// takes from the other group straight out of its buffers (intercommunicator.hpp).

#include "collectives/inter/intercommunicator_data_movement.hpp"
#include "collectives/intercommunicator_table.hpp"

namespace weft::coll {

// A reduction's group phase is one reduce over the group's tree (cross_reduce_task).
constinit const intercommunicator_table node_intercommunicator_collectives{
    .bcast = {&cross_bcast_task, 0},
    .reduce = {&cross_rooted_reduce_task, 1},
    .exchange_reductions = {&cross_exchange_reductions_task, 1},
    .gather = {&inter_gather_task, 0},
    .scatter = {&inter_scatter_task, 0},
    .allgather = {&inter_allgather_task, 0},
    .alltoall = {&inter_alltoall_task, 0},
};

}  // namespace weft::coll
