// The collective table of a communicator whose members span nodes: the compositions of spanning.hpp, node
// phases over the node's table and inter-node steps over point-to-point. Each takes as many sequence
// numbers as the same operation on one node (the tags of its inter-node messages come from them; its node
// phases take theirs from communicator_view::node_sequence), and no blocking call does any of it at once.

#include "collectives/collective_table.hpp"
#include "collectives/spanning/spanning.hpp"

namespace weft::coll {

namespace {

// An entry whose blocking call begins with the whole task.
template <class Operation, auto Make>
constexpr Operation without_first_attempt(int sequences) {
  return {{Make, sequences}, &Operation::template whole<Make>};
}

}  // namespace

constinit const collective_table spanning_collectives{
    .barrier = without_first_attempt<begun_operation<>, &spanning_barrier>(1),
    .bcast = without_first_attempt<decltype(collective_table::bcast), &spanning_bcast>(1),
    .reduce = without_first_attempt<decltype(collective_table::reduce), &spanning_reduce>(3),
    .allreduce = without_first_attempt<decltype(collective_table::allreduce), &spanning_allreduce>(3),
    .scan = {&spanning_scan, 2},
    .reduce_scatter = {&spanning_reduce_scatter, 2},
    .gather = {&spanning_gather, 1},
    .scatter = {&spanning_scatter, 1},
    .allgather = {&spanning_allgather, 2},
    .alltoall = {&spanning_alltoall, 2},
    .neighbor_exchange = {&spanning_neighbor_exchange, 1},
};

}  // namespace weft::coll
