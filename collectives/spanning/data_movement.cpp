// Allgather and the neighbourhood collectives across nodes (see spanning.hpp; gather and scatter are in
// rooted_data_movement.cpp, alltoall in alltoall.cpp): each block goes by point-to-point
// from the member that gives it to the member that takes it, from the one's layout into the other's, as on
// one node; a member's own block is copied straight; allgathers go by nodes where nodes hold several
// members. A block too large for its room is a truncated receive, reported as on one node.

#include <algorithm>
#include <vector>

#include "collectives/collective_table.hpp"
#include "collectives/node/exchanges.hpp"
#include "collectives/spanning/node_blocks.hpp"
#include "collectives/spanning/peer_messages.hpp"
#include "collectives/spanning/spanning.hpp"
#include "runtime/path_report.hpp"

namespace weft::coll {

namespace {

// Where each member's block lies in the packed vector of a hierarchical allgather: node by node, in rank
// order within a node, each the size of the room the caller has for it (the same at every member in a
// correct program).
struct packed_vector {
  std::vector<std::ptrdiff_t> offset;   // per member
  std::vector<int> size;                // per member
  std::vector<std::size_t> node_start;  // per node, and the end

  packed_vector(const communicator_view& comm, const block_map& recv) {
    const node_layout& nodes = *comm.nodes;
    int count = nodes.node_count();
    std::vector<std::size_t> node_bytes(static_cast<std::size_t>(count), 0);
    size.resize(static_cast<std::size_t>(comm.size));
    for (int r = 0; r < comm.size; ++r) {
      size[r] = static_cast<int>(recv.block(r).bytes());
      node_bytes[nodes.node_of(r)] += static_cast<std::size_t>(size[r]);
    }
    node_start.assign(static_cast<std::size_t>(count) + 1, 0);
    for (int k = 0; k < count; ++k) node_start[k + 1] = node_start[k] + node_bytes[k];
    std::vector<std::size_t> next(node_start.begin(), node_start.end() - 1);
    offset.resize(static_cast<std::size_t>(comm.size));
    for (int r = 0; r < comm.size; ++r) {  // rank order, so each node's blocks follow its rank order
      offset[r] = static_cast<std::ptrdiff_t>(next[nodes.node_of(r)]);
      next[nodes.node_of(r)] += static_cast<std::size_t>(size[r]);
    }
  }
  std::size_t bytes() const noexcept { return node_start.back(); }
};

// By nodes: the members of each node gather their blocks into their leader's packed vector (the node's
// shared-memory gather), the leaders exchange their nodes' parts (one message per pair of nodes, where
// block by block takes one per pair of members), and every member copies each block out of its leader's
// vector into its room. A block too large for its room is found by its own member, as it copies the block
// into its room in the packed vector. Only the leaders hold a packed vector, as large as a receive buffer.
task hierarchical_allgather(communicator_view comm, shm::const_typed_span mine, block_map recv, bool in_place,
                            packed_vector plan, truncation* seen, std::uint64_t sequence) {
  const node_layout& nodes = *comm.nodes;
  communicator_view node = node_part(comm);
  int my_node = nodes.node_of(comm.rank);
  std::vector<std::byte> packed(node.rank == 0 ? plan.bytes() : 0);
  // The node's blocks, as rooms of the leader's packed vector.
  block_map whole{.base = packed.data(),
                  .layout = &shm::type_layout::bytes(),
                  .counts = plan.size.data(),
                  .byte_displacements = plan.offset.data()};
  member_blocks<std::byte> rooms(whole, members_by_node(comm)[my_node]);
  co_await named_in_communicator(comm, seen,
                                 start(node, node.operations().gather, mine, rooms.map(packed.data()), 0, seen));
  if (node.rank == 0) {
    peer_messages messages(comm, sequence);
    auto part = [&](int k) {
      return shm::byte_span(packed.data() + plan.node_start[k], plan.node_start[k + 1] - plan.node_start[k]);
    };
    for (int k = 0; k < nodes.node_count(); ++k) {
      if (k == my_node) continue;
      messages.receive(part(k), nodes.leader(k));
      messages.send(shm::const_typed_span(part(my_node)), nodes.leader(k));
    }
    co_await messages.all_done(seen);
  }
  // A member whose rooms differ from its leader's (an erroneous program) reads no further than the
  // leader's vector goes, as a receive takes what came.
  auto unpack = [&](const shm::const_typed_span& whole) {
    for (int r = 0; r < comm.size; ++r) {
      if (in_place && r == comm.rank) continue;
      auto first = static_cast<std::size_t>(plan.offset[r]);
      std::size_t there = first < whole.count ? std::min<std::size_t>(plan.size[r], whole.count - first) : 0;
      copy_block(recv.block(r), shm::byte_span(whole.base + first, there), r, comm.rank, *seen);
    }
  };
  co_await rooted_exchange(node, 0, shm::const_typed_span(shm::byte_span(packed.data(), packed.size())), unpack,
                           node.take_sequences(1));
}

}  // namespace

task spanning_allgather(communicator_view comm, std::optional<shm::const_typed_span> send, block_map recv,
                        truncation* seen, std::uint64_t sequence) {
  shm::const_typed_span mine = send ? *send : shm::const_typed_span(recv.block(comm.rank));
  bool by_nodes = comm.nodes->node_count() < comm.size;
  if (runtime::reporting_paths()) [[unlikely]]
    runtime::report_path("collective", "allgather across nodes", by_nodes ? "by nodes" : "block by block",
                         "%d members on %d nodes: %s", comm.size, comm.nodes->node_count(),
                         by_nodes ? "each node's blocks meet at its leader, the leaders exchange them packed"
                                  : "one member per node: each block goes to every member");
  if (by_nodes) {
    co_await hierarchical_allgather(comm, mine, recv, !send, packed_vector(comm, recv), seen, sequence);
    co_return;
  }
  peer_messages messages(comm, sequence);
  for (int r = 0; r < comm.size; ++r) {
    if (r == comm.rank) continue;
    messages.receive(recv.block(r), r);
    messages.send(mine, r);
  }
  if (send) copy_block(recv.block(comm.rank), *send, comm.rank, comm.rank, *seen);
  co_await messages.all_done(seen);
}

// Cartesian neighbours pair blocks by direction (receive block i takes the source's block i ^ 1), so each
// block travels under its direction's step; graph neighbours pair by occurrence, which messages of one
// step between two members do by matching in order.
task spanning_neighbor_exchange(communicator_view comm, neighbourhood hood, const_block_map send, block_map recv,
                                truncation* seen, std::uint64_t sequence) {
  bool mirrored = hood.pairing == neighbour_pairing::mirrored;
  peer_messages messages(comm, sequence);
  for (int i = 0, indegree = static_cast<int>(hood.sources.size()); i < indegree; ++i)
    if (hood.sources[i] >= 0) messages.receive(recv.block(i), hood.sources[i], mirrored ? i ^ 1 : 0);
  for (int j = 0, outdegree = static_cast<int>(hood.destinations.size()); j < outdegree; ++j)
    if (hood.destinations[j] >= 0) messages.send(send.block(j), hood.destinations[j], mirrored ? j : 0);
  co_await messages.all_done(seen);
}

}  // namespace weft::coll
