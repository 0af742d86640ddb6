#pragma once
// The neighbourhood collectives (MPI_Neighbor_allgather, ..._alltoallw and their nonblocking forms): each
// rank sends a block to each of its destinations and receives one from each of its sources, the
// neighbours its communicator's process topology gives it. Like the other data-movement collectives,
// every block is copied once, by its receiver, straight out of the sender's buffer; ranks synchronize
// with their neighbours only.

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "collectives/block_map.hpp"
#include "collectives/communicator_view.hpp"
#include "collectives/task.hpp"

namespace weft::coll {

// How a receiver finds, among the send blocks of one of its sources, the block meant for it. The two
// differ only where a rank is the same neighbour more than once.
enum class neighbour_pairing {
  // Cartesian topologies: receive block i (2d from the negative direction of dimension d, 2d + 1 from
  // the positive one) takes the source's send block i ^ 1, the one it sent the opposite way (MPI-3.1,
  // 7.6, as corrected by the MPI-4.0 errata, Annex B.1.1). In a periodic dimension of size 1 or 2 both
  // neighbours are one rank, and the rule keeps left and right apart.
  mirrored,
  // Graph and distributed graph topologies: the k-th time source s appears among the receiver's
  // sources, the receiver takes the block of the k-th time it appears among s's destinations, as
  // messages of one tag between two ranks would match in order.
  by_occurrence,
};

struct neighbourhood {
  std::vector<int> sources;       // receive block i comes from sources[i]; negative: none (MPI_PROC_NULL)
  std::vector<int> destinations;  // send block j goes to destinations[j]; negative: none
  neighbour_pairing pairing = neighbour_pairing::by_occurrence;
};

// `rank`'s edges `mine`, each kept as often as its peer lists `rank` in turn among `theirs(peer)` (the
// peer's edges the other way) and -1 past that: what neighbor_exchange_task needs of an erroneous graph,
// in which one end of an edge does not list it. Repeats pair in order, so the kept ones come first.
template <class Theirs>
std::vector<int> reciprocated(std::span<const int> mine, int rank, Theirs theirs) {
  std::vector<int> kept(mine.begin(), mine.end());
  for (std::size_t i = 0; i < mine.size(); ++i) {
    if (mine[i] < 0) continue;
    auto earlier = std::count(mine.begin(), mine.begin() + static_cast<std::ptrdiff_t>(i), mine[i]);
    std::span<const int> other = theirs(mine[i]);
    if (std::count(other.begin(), other.end(), rank) <= earlier) kept[i] = -1;
  }
  return kept;
}

// Collective over `comm`: reciprocated() on both lists of every rank's `hood`, for a graph of which each
// rank knows its own edges only (a distributed graph).
void reciprocate(neighbourhood& hood, const communicator_view& comm);

}  // namespace weft::coll
