#pragma once
// The neighbourhood collectives (MPI_Neighbor_allgather, ..._alltoallw and their nonblocking forms): each
// rank sends a block to each of its destinations and receives one from each of its sources, the
// neighbours its communicator's process topology gives it. Like the other data-movement collectives,
// every block is copied once, by its receiver, straight out of the sender's buffer.

#include <cstdint>
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

// Block i of the caller's `recv` receives the block meant for it in the `send` of rank hood.sources[i];
// a block of no source, or for which the source has no block (an inconsistent graph), stays untouched.
// `seen` receives the first block too large for its room. Takes two sequence numbers.
task neighbor_exchange_task(communicator_view comm, neighbourhood hood, const_block_map send, block_map recv,
                            truncation* seen, std::uint64_t sequence);

}  // namespace weft::coll
