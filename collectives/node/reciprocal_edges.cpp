// Agreeing on a distributed graph's edges: each rank publishes its lists, reads those of its neighbours
// and keeps the edges that both ends name, once, when the graph is made (exchange_published over the
// whole communicator, which its creation is anyway); its neighbourhood collectives then wait only for
// neighbours that will come.

#include <span>

#include "collectives/blocking_collectives.hpp"
#include "collectives/neighborhood.hpp"
#include "collectives/node/exchanges.hpp"

namespace weft::coll {
namespace {

struct edge_lists {
  std::span<const int> sources;
  std::span<const int> destinations;
};

// Across nodes the lists cannot be read in place: every rank gathers all of them (allgather of their
// lengths, then of the lists), once, when the graph is made.
template <class Keep>
void gather_lists_and_keep(const neighbourhood& hood, const communicator_view& comm, Keep keep) {
  int lengths[2] = {static_cast<int>(hood.sources.size()), static_cast<int>(hood.destinations.size())};
  std::vector<int> all_lengths(2 * static_cast<std::size_t>(comm.size));
  allgather(lengths, all_lengths.data(), sizeof lengths, comm);
  std::vector<int> bytes(comm.size), offsets(comm.size + 1, 0);
  for (int r = 0; r < comm.size; ++r) {
    bytes[r] = (all_lengths[2 * r] + all_lengths[2 * r + 1]) * static_cast<int>(sizeof(int));
    offsets[r + 1] = offsets[r] + bytes[r];
  }
  std::vector<int> mine(hood.sources);
  mine.insert(mine.end(), hood.destinations.begin(), hood.destinations.end());
  std::vector<int> lists(static_cast<std::size_t>(offsets[comm.size]) / sizeof(int));
  const shm::type_layout& plain = shm::type_layout::bytes();
  allgather(shm::byte_span(mine.data(), mine.size() * sizeof(int)),
            block_map{.base = reinterpret_cast<std::byte*>(lists.data()),
                      .layout = &plain,
                      .counts = bytes.data(),
                      .displacements = offsets.data(),
                      .unit = 1},
            comm);
  keep([&](int peer) {
    const int* first = lists.data() + offsets[peer] / static_cast<int>(sizeof(int));
    return edge_lists{{first, static_cast<std::size_t>(all_lengths[2 * peer])},
                      {first + all_lengths[2 * peer], static_cast<std::size_t>(all_lengths[2 * peer + 1])}};
  });
}

}  // namespace

void reciprocate(neighbourhood& hood, const communicator_view& comm) {
  std::vector<int> sources, destinations;
  auto keep_reciprocated = [&](const auto& published) {
    sources = reciprocated(hood.sources, comm.rank, [&](int peer) { return published(peer).destinations; });
    destinations = reciprocated(hood.destinations, comm.rank, [&](int peer) { return published(peer).sources; });
  };
  if (comm.spans_nodes())
    gather_lists_and_keep(hood, comm, keep_reciprocated);
  else
    run(comm, exchange_published(comm, edge_lists{hood.sources, hood.destinations}, keep_reciprocated,
                                 comm.take_sequences(2)));
  hood.sources = std::move(sources);
  hood.destinations = std::move(destinations);
}

}  // namespace weft::coll
