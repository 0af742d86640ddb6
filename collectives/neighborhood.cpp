// Neighbourhood collectives: every rank publishes its send buffer's map and its destinations, a barrier
// makes sure all have, each copies the block meant for it out of each source's buffer, and a second
// barrier keeps every buffer in place until all have read (exchange_published). The barriers span the
// whole communicator although each rank reads only its sources: simple, and 4·⌈log2 p⌉ tree levels.

#include "collectives/neighborhood.hpp"

#include <algorithm>

#include "collectives/exchanges.hpp"

namespace weft::coll {
namespace {

// What a rank publishes: its send blocks and where each goes.
struct send_blocks {
  const_block_map blocks;
  const int* destinations;
  int outdegree;
};

// The index of the block that `source` (hood.sources[index]) sends to the receive block `index` of `me`,
// or -1 when it has none.
int paired_block(const neighbourhood& hood, int index, int me, const send_blocks& theirs) {
  if (hood.pairing == neighbour_pairing::mirrored) return index ^ 1;
  auto earlier = std::count(hood.sources.begin(), hood.sources.begin() + index, hood.sources[index]);
  for (int j = 0; j < theirs.outdegree; ++j)
    if (theirs.destinations[j] == me && earlier-- == 0) return j;
  return -1;
}

}  // namespace

task neighbor_exchange_task(communicator_view comm, neighbourhood hood, const_block_map send, block_map recv,
                            truncation* seen, std::uint64_t sequence) {
  send_blocks mine{send, hood.destinations.data(), static_cast<int>(hood.destinations.size())};
  auto receive = [&hood, recv, me = comm.rank, seen](const auto& published) {
    for (int i = 0, indegree = static_cast<int>(hood.sources.size()); i < indegree; ++i) {
      int source = hood.sources[i];
      if (source < 0) continue;
      const send_blocks& theirs = published(source);
      if (int j = paired_block(hood, i, me, theirs); j >= 0)
        copy_block(recv.block(i), theirs.blocks.block(j), source, me, *seen);
    }
  };
  // The neighbourhood stays in this frame until the exchange, which reads it, is over.
  co_await exchange_published(comm, mine, receive, sequence);
}

}  // namespace weft::coll
