// Neighbourhood collectives: every rank publishes its send buffer's map and its destinations and tells
// each destination; each waits for its sources only, copies the block meant for it out of each source's
// buffer and tells the source; each returns once its destinations have read (exchange_with_neighbours).
// A rank thus waits for its neighbours and for nobody else.

#include "collectives/neighborhood.hpp"

#include <algorithm>

#include "collectives/node/exchanges.hpp"
#include "runtime/path_report.hpp"

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

// The caller's links to its neighbours, made at its first neighbourhood collective on the communicator.
const neighbour_links& topology_links(const communicator_view& comm, const neighbourhood& hood) {
  std::optional<neighbour_links>& links = comm.shared->neighbours(comm.rank).topology_links;
  if (!links) [[unlikely]]
    links = neighbour_signals::link(*comm.shared, comm.rank, hood.sources, hood.destinations);
  return *links;
}

}  // namespace

task neighbor_exchange_task(communicator_view comm, neighbourhood hood, const_block_map send, block_map recv,
                            truncation* seen, std::uint64_t sequence) {
  if (runtime::reporting_paths()) [[unlikely]]
    runtime::report_path("collective", "neighbor exchange", "in place",
                         "%zu sources: each block copied from its source's buffer, waiting for neighbours only",
                         hood.sources.size());
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
  co_await exchange_with_neighbours(comm, topology_links(comm, hood), mine, receive, sequence);
}

}  // namespace weft::coll
