// Gather, scatter, allgather and alltoall on an intercommunicator whose groups span nodes (see
// intercommunicator_spanning.hpp): each block goes by point-to-point over `both` from the rank that gives
// it to the rank of the other group that takes it, from the one's layout into the other's.

#include "collectives/inter_spanning/intercommunicator_spanning.hpp"
#include "collectives/spanning/peer_messages.hpp"

namespace weft::coll {
namespace {

// Completes `messages`; a block too large for its room is recorded in `seen` as on one node, its giver
// named by its rank in the other group, its taker (the caller) by its rank in its own.
task all_done_across(peer_messages& messages, const crossing& place, truncation* seen) {
  truncation found;
  co_await messages.all_done(&found);
  if (found.found && !seen->found)
    *seen = {true, found.source - place.remote.first, place.local.rank, found.bytes, found.capacity};
}

}  // namespace

task spanning_inter_gather(crossing place, shm::const_typed_span send, block_map recv, int root, bool is_root,
                           truncation* seen, crossing_sequences sequences) {
  peer_messages messages(place.both, sequences.both);
  if (root >= 0) messages.send(send, place.remote.first + root);
  if (is_root)
    for (int i = 0; i < place.remote.count; ++i) messages.receive(recv.block(i), place.remote.first + i);
  co_await all_done_across(messages, place, seen);
}

task spanning_inter_scatter(crossing place, const_block_map send, shm::typed_span recv, int root, bool is_root,
                            truncation* seen, crossing_sequences sequences) {
  peer_messages messages(place.both, sequences.both);
  if (root >= 0) messages.receive(recv, place.remote.first + root);
  if (is_root)
    for (int i = 0; i < place.remote.count; ++i) messages.send(send.block(i), place.remote.first + i);
  co_await all_done_across(messages, place, seen);
}

task spanning_inter_allgather(crossing place, shm::const_typed_span send, block_map recv, truncation* seen,
                              crossing_sequences sequences) {
  peer_messages messages(place.both, sequences.both);
  for (int i = 0; i < place.remote.count; ++i) {
    messages.receive(recv.block(i), place.remote.first + i);
    messages.send(send, place.remote.first + i);
  }
  co_await all_done_across(messages, place, seen);
}

task spanning_inter_alltoall(crossing place, const_block_map send, block_map recv, truncation* seen,
                             crossing_sequences sequences) {
  peer_messages messages(place.both, sequences.both);
  for (int i = 0; i < place.remote.count; ++i) {
    messages.receive(recv.block(i), place.remote.first + i);
    messages.send(send.block(i), place.remote.first + i);
  }
  co_await all_done_across(messages, place, seen);
}

}  // namespace weft::coll
