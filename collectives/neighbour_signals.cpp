#include "collectives/neighbour_signals.hpp"

#include <algorithm>

namespace weft::coll {
namespace {

// The valid ranks of `ranks` other than `rank`, each once.
std::vector<int> distinct_peers(std::span<const int> ranks, int rank) {
  std::vector<int> peers;
  for (int peer : ranks)
    if (peer >= 0 && peer != rank) peers.push_back(peer);
  std::ranges::sort(peers);
  peers.erase(std::unique(peers.begin(), peers.end()), peers.end());
  return peers;
}

}  // namespace

peer_signals& neighbour_signals::from(int peer) {
  std::lock_guard lock(mutex_);
  return peers_.try_emplace(peer).first->second;
}

neighbour_links neighbour_signals::link(shared_communicator& shared, int rank, std::span<const int> sources,
                                        std::span<const int> destinations) {
  neighbour_signals& mine = shared.neighbours(rank);
  neighbour_links links;
  for (int source : distinct_peers(sources, rank)) {
    links.published_by_sources.push_back(&mine.from(source).published);
    links.done_to_sources.push_back({&shared.slot(source), &shared.neighbours(source).from(rank).done});
  }
  for (int destination : distinct_peers(destinations, rank)) {
    links.published_to_destinations.push_back(
        {&shared.slot(destination), &shared.neighbours(destination).from(rank).published});
    links.done_by_destinations.push_back(&mine.from(destination).done);
  }
  return links;
}

}  // namespace weft::coll
