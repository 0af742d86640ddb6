// Scan and exscan across nodes (see spanning.hpp).
//
// Where every node's members are a contiguous rank range, node order is rank order: each node scans over
// its members the way the call asks (its tree, scan.cpp); the node's last member, whose result then holds
// the node's total (an exscan's, once its own input is put behind), scans the totals exclusively among the
// nodes' last members in node order (scan_among: recursive doubling, ceil(log2 K) rounds) and broadcasts
// what it gets, the reduction of the earlier nodes' members, over its node; each member puts that in front
// of its own result. The first node has no earlier nodes and skips the broadcast. Otherwise the members
// themselves scan in rank order by point-to-point (scan_among over all of them, ceil(log2 p) rounds).

#include <vector>

#include "collectives/collective_table.hpp"
#include "collectives/node_layout.hpp"
#include "collectives/spanning/spanning.hpp"
#include "collectives/working_buffers.hpp"

namespace weft::coll {

task spanning_scan(communicator_view comm, const void* input, void* recv, std::size_t count, std::size_t element_size,
                   shm::reduction_op op, prefix_kind kind, std::uint64_t sequence) {
  const node_layout& nodes = *comm.nodes;
  if (!reduces_by_nodes(comm, kind == prefix_kind::inclusive ? "scan across nodes" : "exscan across nodes",
                        count * element_size)) {
    std::vector<int> members = all_ranks(comm.size);
    co_await scan_among(comm, members, comm.rank, input, recv, count, element_size, op, kind, sequence, 0);
    co_return;
  }
  bool inclusive = kind == prefix_kind::inclusive;
  communicator_view node = node_part(comm);
  int node_index = nodes.node_of(comm.rank);
  std::vector<std::byte> memory;
  working_buffers buffers(memory, 3, shm::span_of(count, element_size, op));
  // An exscan's result on the node gathers in working memory: the node's last member still needs its input,
  // which may be its receive buffer, and the first rank leaves its receive buffer alone.
  void* on_node = inclusive ? recv : buffers.origin(0);
  co_await start(node, node.operations().scan, input, on_node, count, element_size, op, kind);
  void* earlier = buffers.origin(1);  // the reduction of the earlier nodes' members
  if (node.rank == node.size - 1) {
    const void* total = on_node;
    if (!inclusive) {
      void* own_behind = buffers.origin(2);
      shm::copy_elements(own_behind, input, count, element_size, op);
      if (node.rank != 0) op.combine(on_node, own_behind, count);
      total = own_behind;
    }
    co_await scan_among(comm, nodes.last_members(), node_index, total, earlier, count, element_size, op,
                        prefix_kind::exclusive, sequence, 0);
  }
  if (node_index == 0) {
    if (!inclusive && node.rank != 0) shm::copy_elements(recv, on_node, count, element_size, op);
    co_return;
  }
  co_await bcast_elements(node, earlier, count, element_size, op, node.size - 1,
                          take_sequences(node, node.operations().bcast));
  if (!inclusive && node.rank == 0) {  // nothing of its own node comes before it
    shm::copy_elements(recv, earlier, count, element_size, op);
    co_return;
  }
  op.combine(earlier, on_node, count);
  if (!inclusive) shm::copy_elements(recv, on_node, count, element_size, op);
}

}  // namespace weft::coll
