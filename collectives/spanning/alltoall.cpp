// Alltoall(v, w) across nodes (see spanning.hpp). Block by block, every member sends one message to each
// member of the other nodes: p·(p - n) messages per node of n members, which made an MPI_Alltoall of one
// int among 256 ranks over 4 node processes take about a second. By nodes, the members' blocks for other
// nodes meet at their leader, which sends each other node's leader its node's blocks in one message (and
// their sizes in another, since a leader knows only its own node's); the receiving leader hands each
// member what came for it, and the member unpacks that into its rooms. Blocks between members of one node
// go through shared memory, straight from one's buffer into the other's.
//
// By nodes pays where blocks are small: every member's blocks for other nodes, and the rooms for theirs,
// at most by_nodes_max bytes in all. Members know only their own blocks and rooms, so they first agree on
// that (an allreduce); past it, blocks go one by one, with their messages' count no longer what matters.

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

#include "collectives/collective_table.hpp"
#include "collectives/spanning/node_blocks.hpp"
#include "collectives/spanning/peer_messages.hpp"
#include "collectives/spanning/spanning.hpp"
#include "runtime/path_report.hpp"

namespace weft::coll {
namespace {

constexpr std::int64_t by_nodes_max = std::int64_t{64} << 10;

// The steps of the leaders' messages: the sizes of one node's blocks for another, then the blocks.
constexpr int sizes_step = 0;
constexpr int blocks_step = 1;

void lowest_int(const void* in, void* inout, std::size_t count, const void*) {
  const int* a = static_cast<const int*>(in);
  int* b = static_cast<int*>(inout);
  for (std::size_t i = 0; i < count; ++i) b[i] = std::min(a[i], b[i]);
}

std::int64_t total_of(std::span<const std::int64_t> sizes) {
  return std::accumulate(sizes.begin(), sizes.end(), std::int64_t{0});
}

task alltoall_block_by_block(communicator_view comm, std::optional<const_block_map> send, block_map recv,
                             truncation* seen, std::uint64_t sequence) {
  // In place, the blocks for the others leave from a packed snapshot, since their rooms receive meanwhile.
  std::vector<std::byte> snapshot;
  std::vector<std::size_t> offsets(static_cast<std::size_t>(comm.size) + 1, 0);
  if (!send) {
    for (int r = 0; r < comm.size; ++r) offsets[r + 1] = offsets[r] + (r == comm.rank ? 0 : recv.block(r).bytes());
    snapshot.resize(offsets.back());
    for (int r = 0; r < comm.size; ++r)
      if (r != comm.rank)
        shm::typed_copy(shm::byte_span(snapshot.data() + offsets[r], offsets[r + 1] - offsets[r]), recv.block(r), 0,
                        offsets[r + 1] - offsets[r]);
  }
  auto block_for = [&](int r) {
    return send ? send->block(r) : shm::byte_span(snapshot.data() + offsets[r], offsets[r + 1] - offsets[r]);
  };
  peer_messages messages(comm, sequence);
  for (int r = 0; r < comm.size; ++r) {
    if (r == comm.rank) continue;
    messages.receive(recv.block(r), r);
    messages.send(block_for(r), r);
  }
  if (send) copy_block(recv.block(comm.rank), send->block(comm.rank), comm.rank, comm.rank, *seen);
  co_await messages.all_done(seen);
}

// What a node's leader holds of its node's blocks for the other nodes: every member's sizes (member by
// member, each for the members of the other nodes in node order and rank order) and blocks, packed alike.
struct node_outbox {
  int members;        // of the leader's node
  int others;         // members of the other nodes
  block_sizes sizes;  // members x others
  std::vector<std::byte> blocks;

  std::int64_t size(int member, int other) const { return sizes[static_cast<std::size_t>(member) * others + other]; }
};

// The leaders' exchange: each sends every other leader its node's blocks for that node's members (with
// their sizes), and gathers what came for each member of its own node into one inbox per member, node by
// node and sender by sender in rank order. Returns the inboxes' sizes (member by member, as the outbox's)
// and their blocks.
task exchange_between_leaders(communicator_view comm, const std::vector<std::vector<int>>& members,
                              const node_outbox& out, block_sizes& in_sizes, std::vector<std::byte>& inboxes,
                              std::uint64_t sequence) {
  const node_layout& nodes = *comm.nodes;
  int mine = nodes.node_of(comm.rank), count = nodes.node_count();
  // Where node k's members start among `others` (the members of the nodes other than this one).
  std::vector<int> first_of(static_cast<std::size_t>(count), 0);
  for (int k = 0, next = 0; k < count; ++k)
    if (k != mine) first_of[k] = std::exchange(next, next + static_cast<int>(members[k].size()));
  // Where each member's blocks start in the outbox.
  std::vector<std::int64_t> member_start(static_cast<std::size_t>(out.members) + 1, 0);
  for (int m = 0; m < out.members; ++m)
    member_start[m + 1] = member_start[m] + total_of({out.sizes.data() + static_cast<std::size_t>(m) * out.others,
                                                      static_cast<std::size_t>(out.others)});
  peer_messages messages(comm, sequence);
  std::vector<block_sizes> to_sizes(count), from_sizes(count);
  std::vector<std::vector<std::byte>> to_blocks(count), from_blocks(count);
  std::vector<const shm::recv_request*> sizes_received;
  for (int k = 0; k < count; ++k) {
    if (k == mine) continue;
    int there = static_cast<int>(members[k].size());
    for (int m = 0; m < out.members; ++m) {
      // Member m's blocks for node k follow each other in its part of the outbox.
      std::int64_t skipped = total_of(
          {out.sizes.data() + static_cast<std::size_t>(m) * out.others, static_cast<std::size_t>(first_of[k])});
      const std::byte* from = out.blocks.data() + member_start[m] + skipped;
      std::int64_t bytes = 0;
      for (int d = 0; d < there; ++d) {
        to_sizes[k].push_back(out.size(m, first_of[k] + d));
        bytes += to_sizes[k].back();
      }
      to_blocks[k].insert(to_blocks[k].end(), from, from + bytes);
    }
    messages.send(bytes_of(to_sizes[k]), nodes.leader(k), sizes_step);
    messages.send(shm::byte_span(to_blocks[k].data(), to_blocks[k].size()), nodes.leader(k), blocks_step);
    from_sizes[k].resize(members[k].size() * static_cast<std::size_t>(out.members));
    sizes_received.push_back(&messages.receive(bytes_of(from_sizes[k]), nodes.leader(k), sizes_step));
  }
  // Not all_done: the blocks this leader sends may wait for the other leaders to post their receives,
  // which they do once they have the sizes.
  for (const shm::recv_request* request : sizes_received) co_await completed{request->done};
  for (int k = 0; k < count; ++k) {
    if (k == mine) continue;
    from_blocks[k].resize(static_cast<std::size_t>(total_of(from_sizes[k])));
    messages.receive(shm::byte_span(from_blocks[k].data(), from_blocks[k].size()), nodes.leader(k), blocks_step);
  }
  co_await messages.all_done();
  // from_sizes[k] is sender by sender (node k's members), each for this node's members.
  in_sizes.assign(static_cast<std::size_t>(out.members) * out.others, 0);
  std::vector<std::vector<std::int64_t>> offset_in(count);
  for (int k = 0; k < count; ++k) {
    if (k == mine) continue;
    std::int64_t at = 0;
    for (std::int64_t size : from_sizes[k]) offset_in[k].push_back(std::exchange(at, at + size));
  }
  for (int t = 0; t < out.members; ++t)
    for (int k = 0; k < count; ++k) {
      if (k == mine) continue;
      for (std::size_t s = 0; s < members[k].size(); ++s) {
        std::size_t index = s * static_cast<std::size_t>(out.members) + static_cast<std::size_t>(t);
        in_sizes[static_cast<std::size_t>(t) * out.others + first_of[k] + s] = from_sizes[k][index];
        const std::byte* from = from_blocks[k].data() + offset_in[k][index];
        inboxes.insert(inboxes.end(), from, from + from_sizes[k][index]);
      }
    }
}

task alltoall_by_nodes(communicator_view comm, std::optional<const_block_map> send, block_map recv, truncation* seen,
                       std::uint64_t sequence) {
  const node_layout& nodes = *comm.nodes;
  communicator_view node = node_part(comm);
  int mine = nodes.node_of(comm.rank);
  std::vector<std::vector<int>> members = members_by_node(comm);
  std::vector<int> others;  // the members of the other nodes, node by node in rank order
  for (int k = 0; k < nodes.node_count(); ++k)
    if (k != mine) others.insert(others.end(), members[k].begin(), members[k].end());
  // In place, the blocks for the other nodes are packed here before anything arrives in their rooms.
  const_block_map source = send ? *send : const_block_map(recv);
  block_sizes my_sizes;
  for (int r : others) my_sizes.push_back(static_cast<std::int64_t>(source.block(r).bytes()));
  packed_blocks my_plan(my_sizes);
  std::vector<std::byte> my_blocks(my_plan.bytes());
  block_map my_rooms = my_plan.map(my_blocks.data());
  for (std::size_t i = 0; i < others.size(); ++i) {
    shm::typed_span room = my_rooms.block(static_cast<int>(i));
    shm::typed_copy(room, source.block(others[i]), 0, room.bytes());
  }

  bool leads = node.rank == 0;
  truncation none;  // the rooms of the sizes and of the packed blocks are made to fit
  node_outbox out{node.size, static_cast<int>(others.size()), {}, {}};
  if (leads) out.sizes.resize(static_cast<std::size_t>(out.members) * out.others);
  std::size_t size_bytes = others.size() * sizeof(std::int64_t);
  co_await start(node, node.operations().gather, bytes_of(my_sizes), equal_blocks(bytes_of(out.sizes).base, size_bytes),
                 0, &none);
  block_sizes member_totals;
  for (int m = 0; leads && m < out.members; ++m)
    member_totals.push_back(total_of({out.sizes.data() + static_cast<std::size_t>(m) * out.others, others.size()}));
  packed_blocks gathered(member_totals);
  out.blocks.resize(gathered.bytes());
  co_await start(node, node.operations().gather, shm::byte_span(my_blocks.data(), my_blocks.size()),
                 gathered.map(out.blocks.data()), 0, &none);

  // The node's own blocks, member to member.
  member_blocks<std::byte> local_rooms(recv, members[mine]);
  std::optional<member_blocks<const std::byte>> local_blocks;
  std::optional<const_block_map> local_send;
  if (send) local_send = local_blocks.emplace(*send, members[mine]).map(send->base);
  co_await named_in_communicator(comm, seen,
                                 start(node, node.operations().alltoall, local_send, local_rooms.map(recv.base), seen));

  block_sizes in_sizes;
  std::vector<std::byte> inboxes;
  if (leads) co_await exchange_between_leaders(comm, members, out, in_sizes, inboxes, sequence);
  block_sizes my_in_sizes(others.size());
  co_await start(node, node.operations().scatter, equal_blocks<const std::byte>(bytes_of(in_sizes).base, size_bytes),
                 bytes_of(my_in_sizes), 0, &none);
  block_sizes inbox_totals;
  for (int m = 0; leads && m < out.members; ++m)
    inbox_totals.push_back(total_of({in_sizes.data() + static_cast<std::size_t>(m) * out.others, others.size()}));
  packed_blocks handed(inbox_totals);
  std::vector<std::byte> inbox(static_cast<std::size_t>(total_of(my_in_sizes)));
  co_await start(node, node.operations().scatter, handed.map<const std::byte>(inboxes.data()),
                 shm::byte_span(inbox.data(), inbox.size()), 0, &none);
  packed_blocks in_plan(my_in_sizes);
  const_block_map arrived = in_plan.map<const std::byte>(inbox.data());
  for (std::size_t i = 0; i < others.size(); ++i)
    copy_block(recv.block(others[i]), arrived.block(static_cast<int>(i)), others[i], comm.rank, *seen);
}

// Whether every member's blocks for other nodes, and its rooms for theirs, come to at most by_nodes_max
// bytes: the same answer at every member.
task agree_on_small_blocks(communicator_view comm, std::optional<const_block_map> send, block_map recv, int* small,
                           std::uint64_t sequence) {
  const node_layout& nodes = *comm.nodes;
  const_block_map source = send ? *send : const_block_map(recv);
  std::int64_t out = 0, in = 0;
  for (int r = 0; r < comm.size; ++r)
    if (nodes.node_of(r) != nodes.node_of(comm.rank)) {
      out += static_cast<std::int64_t>(source.block(r).bytes());
      in += static_cast<std::int64_t>(recv.block(r).bytes());
    }
  int mine = out <= by_nodes_max && in <= by_nodes_max;
  co_await spanning_allreduce(comm, &mine, small, 1, sizeof(int), {lowest_int, nullptr, nullptr}, sequence);
}

// WEFT_PROTO_INFO's line for the way an alltoall across nodes moves its blocks: with one member per node,
// or as the members agreed (agree_on_small_blocks).
void report_alltoall(const communicator_view& comm, bool one_per_node, bool by_nodes) {
  if (!runtime::reporting_paths()) [[likely]]
    return;
  const char* choice = by_nodes ? "by nodes" : "block by block";
  if (one_per_node)
    runtime::report_path("collective", "alltoall across nodes", choice, "%d members on %d nodes: one per node",
                         comm.size, comm.nodes->node_count());
  else
    runtime::report_path("collective", "alltoall across nodes", choice,
                         "%d members on %d nodes: %s member's blocks for other nodes %s %lld B", comm.size,
                         comm.nodes->node_count(), by_nodes ? "every" : "some", by_nodes ? "within" : "beyond",
                         static_cast<long long>(by_nodes_max));
}

task alltoall_by_agreement(communicator_view comm, std::optional<const_block_map> send, block_map recv,
                           truncation* seen, std::uint64_t sequence) {
  int small = 0;
  co_await agree_on_small_blocks(comm, send, recv, &small, sequence);
  report_alltoall(comm, false, small != 0);
  if (small)
    co_await alltoall_by_nodes(comm, send, recv, seen, sequence + 1);
  else
    co_await alltoall_block_by_block(comm, send, recv, seen, sequence + 1);
}

}  // namespace

// Takes the alltoall's two sequence numbers: the first for the agreement, the second for the blocks. Where
// every node holds one member, there is nothing to gather on a node.
task spanning_alltoall(communicator_view comm, std::optional<const_block_map> send, block_map recv, truncation* seen,
                       std::uint64_t sequence) {
  if (comm.nodes->node_count() == comm.size) {
    report_alltoall(comm, true, false);
    return alltoall_block_by_block(comm, send, recv, seen, sequence);
  }
  return alltoall_by_agreement(comm, send, recv, seen, sequence);
}

}  // namespace weft::coll
