#pragma once
// The collectives of a communicator whose ranks span nodes (communicator_view::spans_nodes): the entries
// of spanning_collectives (collectives/collective_table.hpp), which such a communicator gets in place of the node
// table, so the algorithms over shared slots, which hold the members of one node, never see its view.
//
// The composition: a node phase over the members of the caller's node (node_part: the fast algorithms of
// the shared address space, unchanged), an inter-node phase among one member per node (its leader, the
// lowest rank; the root on the root's node; for the prefix reductions its last member, which holds the
// node's total) over point-to-point on the collective context (peer_messages.hpp), and a node phase again.
// Reductions, prefix reductions included, combine node by node only where each node's members are a
// contiguous rank range (node_layout::contiguous); otherwise they combine over all members by
// point-to-point in rank order, so non-commutative operations get the standard's result either way.
// Gather, scatter and small allgathers carry each node's blocks packed in one message; the other
// data-movement collectives and the neighbourhood collectives move each block by point-to-point between
// its two members.
//
// Every function takes as many sequence numbers as the same operation on one node (its table entry says
// how many); the tags of its messages come from them, the node phases take theirs from
// communicator_view::node_sequence, through the node view's table.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "collectives/block_map.hpp"
#include "collectives/collective_table.hpp"
#include "collectives/communicator_view.hpp"
#include "collectives/neighborhood.hpp"
#include "collectives/node_layout.hpp"
#include "collectives/task.hpp"
#include "shm/reduction_op.hpp"

namespace weft::coll {

// Broadcasts `count` elements at `origin` over `comm` (a node phase's view) from `root`, packed where `op`
// has a layout. Takes the sequence numbers of the table's broadcast.
task bcast_elements(communicator_view comm, void* origin, std::size_t count, std::size_t element_size,
                    const shm::reduction_op& op, int root, std::uint64_t sequence);
// The ranks 0 .. size - 1: the members of a reduction over all members of a communicator.
std::vector<int> all_ranks(int size);
// Whether a reduction (`operation`, of `bytes`) may go node by node, with node phases and the nodes in
// node order: only where each node's members are a contiguous rank range is node order rank order, which a
// non-commutative operation needs; otherwise the members combine in rank order by point-to-point. Reports
// the choice (WEFT_PROTO_INFO).
bool reduces_by_nodes(const communicator_view& comm, const char* operation, std::size_t bytes);

task spanning_barrier(communicator_view comm, std::uint64_t sequence);
task spanning_bcast(communicator_view comm, void* buffer, std::size_t bytes, int root, std::uint64_t sequence);
task spanning_reduce(communicator_view comm, const void* input, void* recv, std::size_t count, std::size_t element_size,
                     shm::reduction_op op, int root, std::uint64_t sequence);
task spanning_allreduce(communicator_view comm, const void* input, void* recv, std::size_t count,
                        std::size_t element_size, shm::reduction_op op, std::uint64_t sequence);
task spanning_scan(communicator_view comm, const void* input, void* recv, std::size_t count, std::size_t element_size,
                   shm::reduction_op op, prefix_kind kind, std::uint64_t sequence);
task spanning_reduce_scatter(communicator_view comm, const void* input, void* recv, std::size_t offset,
                             std::size_t count, std::size_t total, std::size_t element_size, shm::reduction_op op,
                             std::uint64_t sequence);
task spanning_gather(communicator_view comm, std::optional<shm::const_typed_span> send, block_map recv, int root,
                     truncation* seen, std::uint64_t sequence);
task spanning_scatter(communicator_view comm, const_block_map send, std::optional<shm::typed_span> recv, int root,
                      truncation* seen, std::uint64_t sequence);
task spanning_allgather(communicator_view comm, std::optional<shm::const_typed_span> send, block_map recv,
                        truncation* seen, std::uint64_t sequence);
task spanning_alltoall(communicator_view comm, std::optional<const_block_map> send, block_map recv, truncation* seen,
                       std::uint64_t sequence);
task spanning_neighbor_exchange(communicator_view comm, neighbourhood hood, const_block_map send, block_map recv,
                                truncation* seen, std::uint64_t sequence);

// The inter-node steps, over point-to-point among `members` (ranks of `comm`, in the order that the
// combination follows), the caller being members[me]. `data`, `input` and `recv` are `count` elements at
// their origin, laid out as `op` says. Steps are numbered from `step` on within the collective of
// `sequence`.

// Every member's `data` becomes the reduction of all members' data, in member order unless the operation
// is commutative: recursive doubling; from WEFT_ALLREDUCE_HALVING_MIN bytes on, halving and doubling; for
// a commutative operation among a number of members that is not a power of two, from
// WEFT_ALLREDUCE_RING_MIN bytes on, a ring.
task allreduce_among(communicator_view comm, std::span<const int> members, int me, void* data, std::size_t count,
                     std::size_t element_size, shm::reduction_op op, std::uint64_t sequence, int step);
// members[0]'s `data` becomes the reduction of all members' data in member order (binomial tree); the
// others' `data` is used as working memory.
task reduce_among(communicator_view comm, std::span<const int> members, int me, void* data, std::size_t count,
                  std::size_t element_size, shm::reduction_op op, std::uint64_t sequence, int step);
// members[me]'s `recv` becomes the reduction of the `input` of members[0] to members[me] (inclusive) or
// to members[me - 1] (exclusive; members[0]'s `recv` is left alone), in member order (recursive doubling,
// ceil(log2 n) rounds). `input` may equal `recv`.
task scan_among(communicator_view comm, std::span<const int> members, int me, const void* input, void* recv,
                std::size_t count, std::size_t element_size, shm::reduction_op op, prefix_kind kind,
                std::uint64_t sequence, int step);
// Every member's `data` receives members[root]'s (binomial tree).
task bcast_among(communicator_view comm, std::span<const int> members, int me, int root, shm::typed_span data,
                 std::uint64_t sequence, int step);

}  // namespace weft::coll
