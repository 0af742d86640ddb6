// Reduce, allreduce and reduce-scatter across nodes (see spanning.hpp).
//
// Where every node's members are a contiguous rank range, node order is rank order: each node reduces
// to its leader (the node's fast algorithms, cells, tree or tiled), the leaders combine their partial
// results in node order (allreduce: recursive doubling; reduce: a binomial tree to the first node's
// leader, which hands the result to the root), and for an allreduce each leader broadcasts the result
// over its node. Otherwise the members themselves combine in rank order by point-to-point.
//
// Reduce-scatter is an allreduce of the whole vector into working memory, from which each rank takes its
// block: the ranks do not know each other's blocks.

#include <vector>

#include "collectives/collective_table.hpp"
#include "collectives/node_layout.hpp"
#include "collectives/schedule.hpp"
#include "collectives/spanning/peer_messages.hpp"
#include "collectives/spanning/spanning.hpp"
#include "collectives/working_buffers.hpp"
#include "runtime/path_report.hpp"

namespace weft::coll {

task spanning_reduce(communicator_view comm, const void* input, void* recv, std::size_t count, std::size_t element_size,
                     shm::reduction_op op, int root, std::uint64_t sequence) {
  const node_layout& nodes = *comm.nodes;
  std::vector<std::byte> memory;
  bool by_node = reduces_by_nodes(comm, "reduce across nodes", count * element_size);
  int me = by_node ? nodes.node_of(comm.rank) : comm.rank;
  // The partial result the caller carries into the inter-node phase: the root's own receive buffer, or
  // working memory.
  void* partial =
      comm.rank == root ? recv : working_buffers(memory, 1, shm::span_of(count, element_size, op)).origin(0);
  std::vector<int> members;
  if (by_node) {
    communicator_view node = node_part(comm);
    co_await start(node, node.operations().reduce, input, node.rank == 0 ? partial : recv, count, element_size, op, 0);
    if (node.rank != 0) {
      if (comm.rank != root) co_return;
    } else {
      members.assign(nodes.leaders().begin(), nodes.leaders().end());
      co_await reduce_among(comm, members, me, partial, count, element_size, op, sequence, 0);
    }
  } else {
    if (partial != input) shm::copy_elements(partial, input, count, element_size, op);
    members = all_ranks(comm.size);
    co_await reduce_among(comm, members, me, partial, count, element_size, op, sequence, 0);
  }
  // The first member holds the result; the root takes it from there.
  int holder = by_node ? nodes.leader(0) : 0;
  if (holder == root) co_return;
  peer_messages messages(comm, sequence);
  if (comm.rank == holder) messages.send(elements_at(partial, count, element_size, op), root, 1 << 9);
  if (comm.rank == root) messages.receive(elements_at(recv, count, element_size, op), holder, 1 << 9);
  co_await messages.all_done();
}

task spanning_allreduce(communicator_view comm, const void* input, void* recv, std::size_t count,
                        std::size_t element_size, shm::reduction_op op, std::uint64_t sequence) {
  const node_layout& nodes = *comm.nodes;
  if (!reduces_by_nodes(comm, "allreduce across nodes", count * element_size)) {
    if (recv != input) shm::copy_elements(recv, input, count, element_size, op);
    std::vector<int> members = all_ranks(comm.size);
    co_await allreduce_among(comm, members, comm.rank, recv, count, element_size, op, sequence, 0);
    co_return;
  }
  communicator_view node = node_part(comm);
  co_await start(node, node.operations().reduce, input, recv, count, element_size, op, 0);
  if (node.rank == 0)
    co_await allreduce_among(comm, nodes.leaders(), nodes.node_of(comm.rank), recv, count, element_size, op, sequence,
                             0);
  co_await bcast_elements(node, recv, count, element_size, op, 0, take_sequences(node, node.operations().bcast));
}

task spanning_reduce_scatter(communicator_view comm, const void* input, void* recv, std::size_t offset,
                             std::size_t count, std::size_t total, std::size_t element_size, shm::reduction_op op,
                             std::uint64_t sequence) {
  if (runtime::reporting_paths()) [[unlikely]]
    runtime::report_path("collective", "reduce_scatter across nodes", "allreduce, then each its block",
                         "%zu B in all on %d nodes: the ranks do not know each other's blocks", total * element_size,
                         comm.nodes->node_count());
  std::vector<std::byte> memory;
  auto* whole = working_buffers(memory, 1, shm::span_of(total, element_size, op)).origin(0);
  co_await spanning_allreduce(comm, input, whole, total, element_size, op, sequence);
  shm::copy_elements(recv, whole + offset * element_size, count, element_size, op);
}

}  // namespace weft::coll
