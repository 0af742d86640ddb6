// The collective tables' declared sequence numbers: a composition that runs another table's operation
// (a spanning collective's node phase, an intercommunicator's phase within a group) takes exactly what
// that operation declares, or two collectives of one communicator would share tags.

#include <catch2/catch.hpp>
#include <cstddef>

#include "collectives/collective_table.hpp"
#include "collectives/intercommunicator_table.hpp"
#include "collectives/node_layout.hpp"

namespace coll = weft::coll;

TEST_CASE("an operation takes as many sequence numbers in every family", "[collectives]") {
  const coll::collective_table& node = coll::node_collectives;
  const coll::collective_table& spanning = coll::spanning_collectives;
  CHECK(node.barrier.sequences == spanning.barrier.sequences);
  CHECK(node.bcast.sequences == spanning.bcast.sequences);
  CHECK(node.reduce.sequences == spanning.reduce.sequences);
  CHECK(node.allreduce.sequences == spanning.allreduce.sequences);
  CHECK(node.scan.sequences == spanning.scan.sequences);
  CHECK(node.reduce_scatter.sequences == spanning.reduce_scatter.sequences);
  CHECK(node.gather.sequences == spanning.gather.sequences);
  CHECK(node.scatter.sequences == spanning.scatter.sequences);
  CHECK(node.allgather.sequences == spanning.allgather.sequences);
  CHECK(node.alltoall.sequences == spanning.alltoall.sequences);
  CHECK(node.neighbor_exchange.sequences == spanning.neighbor_exchange.sequences);
}

TEST_CASE("an intercommunicator across nodes takes its groups' operations' sequence numbers", "[collectives]") {
  const coll::intercommunicator_table& across = coll::spanning_intercommunicator_collectives;
  for (const coll::collective_table* group : {&coll::node_collectives, &coll::spanning_collectives}) {
    CHECK(across.bcast.group_sequences == group->bcast.sequences);
    CHECK(across.reduce.group_sequences == group->reduce.sequences);
    CHECK(across.exchange_reductions.group_sequences == group->reduce.sequences + group->bcast.sequences);
  }
}

TEST_CASE("data crosses between the groups without a phase within either", "[collectives]") {
  for (const coll::intercommunicator_table* table :
       {&coll::node_intercommunicator_collectives, &coll::spanning_intercommunicator_collectives}) {
    CHECK(table->gather.group_sequences == 0);
    CHECK(table->scatter.group_sequences == 0);
    CHECK(table->allgather.group_sequences == 0);
    CHECK(table->alltoall.group_sequences == 0);
  }
}

TEST_CASE("the family follows the node layout", "[collectives]") {
  coll::crossing place{};
  CHECK(&place.local.operations() == &coll::node_collectives);
  CHECK(&place.operations() == &coll::node_intercommunicator_collectives);
  // Only whether there is a layout decides: this one is never read.
  alignas(coll::node_layout) std::byte layout[sizeof(coll::node_layout)];
  place.local.nodes = reinterpret_cast<const coll::node_layout*>(layout);
  place.both.nodes = place.local.nodes;
  CHECK(&place.local.operations() == &coll::spanning_collectives);
  CHECK(&place.operations() == &coll::spanning_intercommunicator_collectives);
}
