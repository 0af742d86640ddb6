#pragma once
// Who waits for whom among this node's blocked ranks, from their wait sites: a receive from a rank waits
// for that rank, a wildcard receive for every other member of its communicator, a collective for the
// members that are not in the same call on the same communicator. Used once every rank is known to be
// stuck, to name the cycle that keeps them so.

#include <span>
#include <vector>

#include "runtime/rank.hpp"

namespace weft::runtime {

// A cycle of waits among `ranks` (this node's, in job-rank order, all stuck): the job ranks along it, the
// first repeated at the end; empty when there is none.
std::vector<int> find_wait_for_cycle(std::span<const rank> ranks);

// The ranks among `ranks` that a blocked rank waits for and that have finished.
std::vector<int> finished_but_awaited(std::span<const rank> ranks);

}  // namespace weft::runtime
