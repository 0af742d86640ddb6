// Gather, scatter, allgather, alltoall and the neighbourhood collectives across nodes (see spanning.hpp):
// each block goes by point-to-point from the member that gives it to the member that takes it, from the
// one's layout into the other's, as on one node; a member's own block is copied straight. A block too
// large for its room is a truncated receive, reported as on one node.

#include <memory>
#include <vector>

#include "collectives/peer_messages.hpp"
#include "collectives/spanning.hpp"

namespace weft::coll {

task spanning_gather(communicator_view comm, std::optional<shm::const_typed_span> send, block_map recv, int root,
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

task spanning_scatter(communicator_view comm, const_block_map send, std::optional<shm::typed_span> recv, int root,
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

task spanning_allgather(communicator_view comm, std::optional<shm::const_typed_span> send, block_map recv,
                        truncation* seen, std::uint64_t sequence) {
  peer_messages messages(comm, sequence);
  shm::const_typed_span mine = send ? *send : shm::const_typed_span(recv.block(comm.rank));
  for (int r = 0; r < comm.size; ++r) {
    if (r == comm.rank) continue;
    messages.receive(recv.block(r), r);
    messages.send(mine, r);
  }
  if (send) copy_block(recv.block(comm.rank), *send, comm.rank, comm.rank, *seen);
  co_await messages.all_done(seen);
}

task spanning_alltoall(communicator_view comm, std::optional<const_block_map> send, block_map recv, truncation* seen,
                       std::uint64_t sequence) {
  // In place, the blocks for the others leave from a packed snapshot, since their rooms receive meanwhile.
  std::vector<std::byte> snapshot;
  std::vector<std::size_t> offsets(static_cast<std::size_t>(comm.size) + 1, 0);
  if (!send) {
    for (int r = 0; r < comm.size; ++r)
      offsets[r + 1] = offsets[r] + (r == comm.rank ? 0 : recv.block(r).bytes());
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
