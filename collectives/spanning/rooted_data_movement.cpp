// Gather and scatter across nodes (see spanning.hpp). Where a node holds several members, its blocks
// travel between its leader and the root in one message, packed in rank order: block by block, the root
// would take one message per member, each paying the network's latency in turn (a gather of one int from
// the 192 members of three other nodes took 4.5 ms). The root's own node moves its blocks in shared
// memory, straight between the root's buffer and its members'.
//
// Every member knows only its own block and the root only its rooms, which a correct program makes equal.
// So a node's blocks go with their sizes, from the side that holds the data: the leader of a gathering
// node sends its members' sizes to the root ahead of their blocks; the root of a scatter sends a node's
// sizes to its leader, which broadcasts them over the node. Both ends thus decide alike whether a node's
// part goes packed (up to packed_part_max bytes) or block by block (larger parts, where a copy more at
// each end costs more than the messages save), and a block too large for its room is found where it is
// copied into the room, which names its member.

#include <cstdint>
#include <numeric>
#include <vector>

#include "collectives/collective_table.hpp"
#include "collectives/spanning/node_blocks.hpp"
#include "collectives/spanning/peer_messages.hpp"
#include "collectives/spanning/spanning.hpp"
#include "runtime/path_report.hpp"

namespace weft::coll {
namespace {

constexpr std::size_t packed_part_max = std::size_t{1} << 20;

// The steps of a node's messages: its sizes, then its blocks.
constexpr int sizes_step = 0;
constexpr int blocks_step = 1;

bool packs(const block_sizes& sizes) {
  return std::accumulate(sizes.begin(), sizes.end(), std::int64_t{0}) <= static_cast<std::int64_t>(packed_part_max);
}

task gather_block_by_block(communicator_view comm, std::optional<shm::const_typed_span> send, block_map recv, int root,
                           truncation* seen, std::uint64_t sequence) {
  peer_messages messages(comm, sequence);
  if (comm.rank != root) {
    messages.send(*send, root);
  } else {
    for (int r = 0; r < comm.size; ++r)
      if (r != root) messages.receive(recv.block(r), r);
    if (send) copy_block(recv.block(root), *send, root, root, *seen);
  }
  co_await messages.all_done(seen);
}

// The root: its node's blocks in shared memory, while the sizes of the other nodes' come; then their
// blocks, packed or one by one as the sizes say.
task gather_at_root(communicator_view comm, std::optional<shm::const_typed_span> send, block_map recv, truncation* seen,
                    std::uint64_t sequence) {
  const node_layout& nodes = *comm.nodes;
  communicator_view node = node_part(comm);
  int root_node = nodes.node_of(comm.rank);
  std::vector<std::vector<int>> members = members_by_node(comm);
  peer_messages messages(comm, sequence);
  std::vector<block_sizes> sizes(members.size());
  for (int k = 0; k < nodes.node_count(); ++k) {
    if (k == root_node) continue;
    sizes[k].resize(members[k].size());
    messages.receive(bytes_of(sizes[k]), nodes.leader(k), sizes_step);
  }
  member_blocks<std::byte> rooms(recv, members[root_node]);
  co_await named_in_communicator(comm, seen,
                                 start(node, node.operations().gather, send, rooms.map(recv.base), node.rank, seen));
  co_await messages.all_done();
  std::vector<std::vector<std::byte>> parts(members.size());
  for (int k = 0; k < nodes.node_count(); ++k) {
    if (k == root_node) continue;
    if (packs(sizes[k])) {
      parts[k].resize(packed_blocks(sizes[k]).bytes());
      messages.receive(shm::byte_span(parts[k].data(), parts[k].size()), nodes.leader(k), blocks_step);
    } else {
      for (int r : members[k]) messages.receive(recv.block(r), r, blocks_step);
    }
  }
  co_await messages.all_done(seen);
  for (std::size_t k = 0; k < parts.size(); ++k) {
    if (parts[k].empty()) continue;
    packed_blocks plan(sizes[k]);
    const_block_map blocks = plan.map<const std::byte>(parts[k].data());
    for (std::size_t i = 0; i < members[k].size(); ++i)
      copy_block(recv.block(members[k][i]), blocks.block(static_cast<int>(i)), members[k][i], comm.rank, *seen);
  }
}

// Another member of the root's node: its block goes straight into the root's buffer. (Node phases take
// their sequence numbers as they run, as all of a communicator's do, so that the members of a node take
// them in the same order whatever collectives are pending.)
task gather_on_root_node(communicator_view comm, std::optional<shm::const_typed_span> send, int root,
                         truncation* seen) {
  communicator_view node = node_part(comm);
  co_await named_in_communicator(comm, seen,
                                 start(node, node.operations().gather, send, {}, comm.nodes->rank_on_node(root), seen));
}

// A member of another node than the root's: the leader learns its node's sizes, sends them to the root
// and tells its node whether it gathers the node's blocks and sends them packed, or each member sends its
// own. (A gather of the sizes and a broadcast of the choice cost a third of an allgather of the sizes.)
task gather_from_node(communicator_view comm, shm::const_typed_span send, int root, truncation* seen,
                      std::uint64_t sequence) {
  communicator_view node = node_part(comm);
  bool leads = node.rank == 0;
  std::int64_t mine = static_cast<std::int64_t>(send.bytes());
  block_sizes sizes(leads ? static_cast<std::size_t>(node.size) : 0);
  truncation none;  // every room for a size is a size's
  co_await start(node, node.operations().gather, shm::byte_span(&mine, sizeof mine),
                 equal_blocks(bytes_of(sizes).base, sizeof mine), 0, &none);
  bool packed = leads && packs(sizes);
  co_await start(node, node.operations().bcast, &packed, sizeof packed, 0);
  peer_messages messages(comm, sequence);
  if (leads) messages.send(bytes_of(sizes), root, sizes_step);
  if (!packed) {
    messages.send(send, root, blocks_step);
    co_await messages.all_done();
    co_return;
  }
  packed_blocks plan(sizes);  // the leader's; the others' rooms do not matter
  std::vector<std::byte> part(plan.bytes());
  co_await start(node, node.operations().gather, send, plan.map(part.data()), 0, seen);
  if (!leads) co_return;
  messages.send(shm::byte_span(part.data(), part.size()), root, blocks_step);
  co_await messages.all_done();
}

task scatter_block_by_block(communicator_view comm, const_block_map send, std::optional<shm::typed_span> recv, int root,
                            truncation* seen, std::uint64_t sequence) {
  peer_messages messages(comm, sequence);
  if (comm.rank != root) {
    messages.receive(*recv, root);
  } else {
    for (int r = 0; r < comm.size; ++r)
      if (r != root) messages.send(send.block(r), r);
    if (recv) copy_block(*recv, send.block(root), root, root, *seen);
  }
  co_await messages.all_done(seen);
}

// The root: every other node's sizes and blocks (packed or one by one, as the sizes say) on their way,
// then its own node's blocks in shared memory.
task scatter_at_root(communicator_view comm, const_block_map send, std::optional<shm::typed_span> recv,
                     truncation* seen, std::uint64_t sequence) {
  const node_layout& nodes = *comm.nodes;
  communicator_view node = node_part(comm);
  int root_node = nodes.node_of(comm.rank);
  std::vector<std::vector<int>> members = members_by_node(comm);
  peer_messages messages(comm, sequence);
  std::vector<block_sizes> sizes(members.size());
  std::vector<std::vector<std::byte>> parts(members.size());
  for (int k = 0; k < nodes.node_count(); ++k) {
    if (k == root_node) continue;
    for (int r : members[k]) sizes[k].push_back(static_cast<std::int64_t>(send.block(r).bytes()));
    messages.send(bytes_of(sizes[k]), nodes.leader(k), sizes_step);
    if (!packs(sizes[k])) {
      for (int r : members[k]) messages.send(send.block(r), r, blocks_step);
      continue;
    }
    packed_blocks plan(sizes[k]);
    parts[k].resize(plan.bytes());
    block_map rooms = plan.map(parts[k].data());
    for (std::size_t i = 0; i < members[k].size(); ++i) {
      shm::typed_span room = rooms.block(static_cast<int>(i));
      shm::typed_copy(room, send.block(members[k][i]), 0, room.bytes());
    }
    messages.send(shm::byte_span(parts[k].data(), parts[k].size()), nodes.leader(k), blocks_step);
  }
  member_blocks<const std::byte> blocks(send, members[root_node]);
  co_await named_in_communicator(comm, seen,
                                 start(node, node.operations().scatter, blocks.map(send.base), recv, node.rank, seen));
  co_await messages.all_done();
}

// Another member of the root's node: its block comes straight from the root's buffer.
task scatter_on_root_node(communicator_view comm, std::optional<shm::typed_span> recv, int root, truncation* seen) {
  communicator_view node = node_part(comm);
  co_await named_in_communicator(
      comm, seen, start(node, node.operations().scatter, {}, recv, comm.nodes->rank_on_node(root), seen));
}

// A member of another node than the root's: the leader learns the node's sizes from the root and tells
// the node; then either the leader takes the node's blocks packed and each member copies its own out of
// them, or each member takes its own from the root.
task scatter_to_node(communicator_view comm, shm::typed_span recv, int root, truncation* seen, std::uint64_t sequence) {
  communicator_view node = node_part(comm);
  block_sizes sizes(static_cast<std::size_t>(node.size));
  peer_messages messages(comm, sequence);
  if (node.rank == 0) {
    messages.receive(bytes_of(sizes), root, sizes_step);
    co_await messages.all_done();
  }
  co_await start(node, node.operations().bcast, bytes_of(sizes).base, sizes.size() * sizeof(std::int64_t), 0);
  if (!packs(sizes)) {
    messages.receive(recv, root, blocks_step);
    co_await messages.all_done(seen);
    co_return;
  }
  packed_blocks plan(sizes);
  std::vector<std::byte> part(node.rank == 0 ? plan.bytes() : 0);
  if (node.rank == 0) {
    messages.receive(shm::byte_span(part.data(), part.size()), root, blocks_step);
    co_await messages.all_done();
  }
  co_await named_in_communicator(
      comm, seen, start(node, node.operations().scatter, plan.map<const std::byte>(part.data()), recv, 0, seen), root);
}

void report_rooted_choice(const char* operation, const communicator_view& comm) {
  if (!runtime::reporting_paths()) [[likely]]
    return;
  bool by_nodes = comm.nodes->node_count() < comm.size;
  runtime::report_path("collective", operation, by_nodes ? "by nodes" : "block by block", "%d members on %d nodes: %s",
                       comm.size, comm.nodes->node_count(),
                       by_nodes ? "each node's blocks packed into one message between its leader and the root"
                                : "one member per node: each block one message between its member and the root");
}

}  // namespace

// Where every node holds one member, packing would only add the sizes' messages.
task spanning_gather(communicator_view comm, std::optional<shm::const_typed_span> send, block_map recv, int root,
                     truncation* seen, std::uint64_t sequence) {
  const node_layout& nodes = *comm.nodes;
  report_rooted_choice("gather across nodes", comm);
  if (nodes.node_count() == comm.size) return gather_block_by_block(comm, send, recv, root, seen, sequence);
  if (comm.rank == root) return gather_at_root(comm, send, recv, seen, sequence);
  if (nodes.node_of(comm.rank) == nodes.node_of(root)) return gather_on_root_node(comm, send, root, seen);
  return gather_from_node(comm, *send, root, seen, sequence);
}

task spanning_scatter(communicator_view comm, const_block_map send, std::optional<shm::typed_span> recv, int root,
                      truncation* seen, std::uint64_t sequence) {
  const node_layout& nodes = *comm.nodes;
  report_rooted_choice("scatter across nodes", comm);
  if (nodes.node_count() == comm.size) return scatter_block_by_block(comm, send, recv, root, seen, sequence);
  if (comm.rank == root) return scatter_at_root(comm, send, recv, seen, sequence);
  if (nodes.node_of(comm.rank) == nodes.node_of(root)) return scatter_on_root_node(comm, recv, root, seen);
  return scatter_to_node(comm, *recv, root, seen, sequence);
}

}  // namespace weft::coll
