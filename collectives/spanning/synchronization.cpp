// Barrier and broadcast across nodes (see spanning.hpp).
//
// Barrier: the node's members meet (a node barrier), the leaders disseminate among the nodes (in round k
// leader i tells leader i + 2^k and hears from leader i - 2^k: ceil(log2(nodes)) rounds of empty
// messages), and the node's members meet again, which lets none go before its leader has heard from
// every node.
//
// Broadcast: the root and the leaders of the other nodes pass the data down a binomial tree over the
// nodes, rooted at the root's node; then each node broadcasts from the member that has it.

#include <vector>

#include "collectives/collective_table.hpp"
#include "collectives/node_layout.hpp"
#include "collectives/schedule.hpp"
#include "collectives/spanning/peer_messages.hpp"
#include "collectives/spanning/spanning.hpp"
#include "runtime/path_report.hpp"

namespace weft::coll {

task spanning_barrier(communicator_view comm, std::uint64_t sequence) {
  if (runtime::reporting_paths()) [[unlikely]]
    runtime::report_path("collective", "barrier across nodes", "node barriers around a dissemination",
                         "%d members on %d nodes: the leaders signal each other in ceil(log2 nodes) rounds", comm.size,
                         comm.nodes->node_count());
  communicator_view node = node_part(comm);
  co_await start(node, node.operations().barrier);
  if (node.rank == 0) {
    const node_layout& nodes = *comm.nodes;
    int count = nodes.node_count();
    int me = nodes.node_of(comm.rank);
    std::byte nothing;
    for (int round = 0, distance = 1; distance < count; ++round, distance *= 2) {
      peer_messages messages(comm, sequence);
      messages.send(shm::byte_span(&nothing, 0), nodes.leader((me + distance) % count), round);
      messages.receive(shm::byte_span(&nothing, 0), nodes.leader((me - distance + count) % count), round);
      co_await messages.all_done();
    }
  }
  co_await start(node, node.operations().barrier);
}

task spanning_bcast(communicator_view comm, void* buffer, std::size_t bytes, int root, std::uint64_t sequence) {
  const node_layout& nodes = *comm.nodes;
  if (runtime::reporting_paths()) [[unlikely]]
    runtime::report_path("collective", "bcast across nodes", "binomial tree over nodes",
                         "%zu B on %d nodes: from the root's node down a tree of one member per node, then over "
                         "each node",
                         bytes, nodes.node_count());
  int root_node = nodes.node_of(root);
  std::vector<int> givers(nodes.leaders().begin(), nodes.leaders().end());
  givers[root_node] = root;
  int me = nodes.node_of(comm.rank);
  if (givers[me] == comm.rank)
    co_await bcast_among(comm, givers, me, root_node, shm::byte_span(buffer, bytes), sequence, 0);
  communicator_view node = node_part(comm);
  co_await start(node, node.operations().bcast, buffer, bytes, nodes.rank_on_node(givers[me]));
}

}  // namespace weft::coll
