#pragma once
// Who waits for whom among stuck ranks, from their wait sites: a receive from a rank waits for that rank,
// a wildcard receive for every other member of its communicator, a collective for the members that are
// not in the same call on the same communicator. Used once every rank is known to be stuck, to name the
// cycle that keeps them so. The waits are copied into a table first, so that the tables of several node
// processes can be joined (runtime/census_messages.hpp carries them) and searched as one.

#include <cstdint>
#include <map>
#include <span>
#include <vector>

#include "runtime/rank.hpp"

namespace weft::runtime {

// One stuck rank: finished, or blocked in `call` (a hash of its name, equal in every process of the job)
// for `peer` (a job rank or a wait_site.hpp value); a wildcard or collective wait is in the group of
// identity `group`, whose members the table holds.
struct rank_wait {
  int rank = -1;
  bool finished = false;
  std::uint64_t call = 0;
  int peer = no_peer;
  std::uint64_t group = 0;

  bool operator==(const rank_wait&) const = default;
};

// The waits of some ranks (one node's, or the job's joined) and the members (job ranks) of their groups.
struct wait_table {
  std::vector<rank_wait> ranks;  // in job-rank order
  std::map<std::uint64_t, std::vector<int>> members;

  // The waits of `ranks` (this node's, in job-rank order, all blocked or finished).
  static wait_table of(std::span<const rank> ranks);
  // Adds the ranks and groups of `other`, whose ranks all follow this table's.
  void append(const wait_table& other);

  bool operator==(const wait_table&) const = default;
};

// A cycle of waits in `table`: the job ranks along it, the first repeated at the end; empty when there is
// none. Waits for ranks outside the table are left out.
std::vector<int> find_wait_for_cycle(const wait_table& table);

// The ranks of `table` that a blocked rank waits for and that have finished.
std::vector<int> finished_but_awaited(const wait_table& table);

}  // namespace weft::runtime
