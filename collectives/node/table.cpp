// The collective table of a communicator whose members all run on this node: the algorithms over their
// shared address space (algorithms.hpp, data_movement.hpp of this folder),
// each of which chooses among its own forms by size, layout and operation.

#include "collectives/collective_table.hpp"
#include "collectives/node/algorithms.hpp"
#include "collectives/node/data_movement.hpp"

namespace weft::coll {

constinit const collective_table node_collectives{
    .barrier = {{&barrier_task, 1}, &barrier_at_once},
    .bcast = {{&bcast_task, 1}, &bcast_at_once},
    .reduce = {{&rooted_reduce_task, 3}, &rooted_reduce_at_once},
    .allreduce = {{&allreduce_task, 3}, &allreduce_at_once},
    .scan = {&scan_task, 2},
    .reduce_scatter = {&reduce_scatter_task, 2},
    .gather = {&gather_task, 1},
    .scatter = {&scatter_task, 1},
    .allgather = {&allgather_task, 2},
    .alltoall = {&alltoall_task, 2},
    .neighbor_exchange = {&neighbor_exchange_task, 1},
};

}  // namespace weft::coll
