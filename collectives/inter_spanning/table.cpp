// The collective table of an intercommunicator whose groups span nodes: the data meets at the groups'
// leaders by collectives of each group, over its own table (intercommunicator_spanning.hpp).

#include "collectives/inter_spanning/intercommunicator_spanning.hpp"
#include "collectives/intercommunicator_table.hpp"

namespace weft::coll {

// The group phases: a broadcast (1), a reduce (3), a reduce and a broadcast (4), as on any communicator.
constinit const intercommunicator_table spanning_intercommunicator_collectives{
    .bcast = {&spanning_inter_bcast, 1},
    .reduce = {&spanning_inter_reduce, 3},
    .exchange_reductions = {&spanning_inter_exchange_reductions, 4},
    .gather = {&spanning_inter_gather, 0},
    .scatter = {&spanning_inter_scatter, 0},
    .allgather = {&spanning_inter_allgather, 0},
    .alltoall = {&spanning_inter_alltoall, 0},
};

}  // namespace weft::coll
