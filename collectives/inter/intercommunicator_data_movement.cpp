// Each rank publishes the map of its buffer; the ranks that take part read the maps of the other group's
// ranks (the root alone for gather and scatter, all of them otherwise) and copy their blocks across.
// Both groups run on this node (groups that span nodes go block by block:
// collectives/inter_spanning/intercommunicator_spanning.hpp).

#include "collectives/inter/intercommunicator_data_movement.hpp"

#include "collectives/node/exchanges.hpp"

namespace weft::coll {
namespace {

// The root, for the ranks of the other group (`root` >= 0); nobody in the root's group.
rank_range root_of(const crossing& place, int root) noexcept {
  return root >= 0 ? rank_range{place.remote.first + root, 1} : rank_range{};
}

}  // namespace

task inter_gather_task(crossing place, shm::const_typed_span send, block_map recv, int root, bool /*is_root*/,
                       truncation* seen, crossing_sequences sequences) {
  auto copy_mine = [send, rank = place.local.rank, root, seen](int, const block_map& rooms) {
    copy_block(rooms.block(rank), send, rank, root, *seen);
  };
  return exchange_with(place.both, recv, root_of(place, root), 0, copy_mine, sequences.both);
}

task inter_scatter_task(crossing place, const_block_map send, shm::typed_span recv, int root, bool /*is_root*/,
                        truncation* seen, crossing_sequences sequences) {
  auto copy_mine = [recv, rank = place.local.rank, root, seen](int, const const_block_map& blocks) {
    copy_block(recv, blocks.block(rank), root, rank, *seen);
  };
  return exchange_with(place.both, send, root_of(place, root), 0, copy_mine, sequences.both);
}

// Both start with the peer whose index is the caller's rank, so that the ranks do not all read the same
// peer first.
task inter_allgather_task(crossing place, shm::const_typed_span send, block_map recv, truncation* seen,
                          crossing_sequences sequences) {
  auto copy_from = [recv, rank = place.local.rank, seen](int peer, const shm::const_typed_span& theirs) {
    copy_block(recv.block(peer), theirs, peer, rank, *seen);
  };
  return exchange_with(place.both, send, place.remote, place.local.rank, copy_from, sequences.both);
}

task inter_alltoall_task(crossing place, const_block_map send, block_map recv, truncation* seen,
                         crossing_sequences sequences) {
  auto copy_from = [recv, rank = place.local.rank, seen](int peer, const const_block_map& theirs) {
    copy_block(recv.block(peer), theirs.block(rank), peer, rank, *seen);
  };
  return exchange_with(place.both, send, place.remote, place.local.rank, copy_from, sequences.both);
}

}  // namespace weft::coll
