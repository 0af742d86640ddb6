// Agreeing on a distributed graph's edges: each rank publishes its lists, reads those of its neighbours
// and keeps the edges that both ends name, once, when the graph is made (exchange_published over the
// whole communicator, which its creation is anyway); its neighbourhood collectives then wait only for
// neighbours that will come.

#include <span>

#include "collectives/exchanges.hpp"
#include "collectives/neighborhood.hpp"

namespace weft::coll {
namespace {

struct edge_lists {
  std::span<const int> sources;
  std::span<const int> destinations;
};

}  // namespace

void reciprocate(neighbourhood& hood, const communicator_view& comm) {
  std::vector<int> sources, destinations;
  auto keep_reciprocated = [&](const auto& published) {
    sources = reciprocated(hood.sources, comm.rank, [&](int peer) { return published(peer).destinations; });
    destinations = reciprocated(hood.destinations, comm.rank, [&](int peer) { return published(peer).sources; });
  };
  run(comm, exchange_published(comm, edge_lists{hood.sources, hood.destinations}, keep_reciprocated,
                               comm.take_sequences(2)));
  hood.sources = std::move(sources);
  hood.destinations = std::move(destinations);
}

}  // namespace weft::coll
