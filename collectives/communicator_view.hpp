#pragma once
// What the collective algorithms need to know of a communicator: its size, the caller's rank in it,
// how its ranks map to the job's ranks, the context reserved for collective traffic (which no user
// receive can match), the state its members share, the caller's count of its collectives and the
// caller's schedule of collectives under way; for a communicator whose ranks span nodes, how they lie over
// the nodes (then `shared` is the state of the members on the caller's node only); and the table of its
// collective operations (collective_table.hpp), through which every caller reaches them.

#include <cstdint>

namespace weft::coll {

class collective_schedule;
struct collective_table;
class node_layout;
class shared_communicator;

// Ranks [first, first + count) of a communicator.
struct rank_range {
  int first = 0;
  int count = 0;
};

struct communicator_view {
  std::uint32_t context;  // collective context of the communicator
  int size;
  int rank;              // the caller's rank in the communicator
  const int* job_ranks;  // the job rank of each communicator rank
  shared_communicator* shared;
  std::uint64_t* sequence;  // the caller's count of collectives on this communicator
  collective_schedule* schedule;
  // The caller's communicator: its collectives run one after the other in call order, whichever of its
  // groups they involve (an intercommunicator's views of one group and of both share it).
  const void* communicator;
  // Across nodes (collectives/spanning/spanning.hpp): the members' nodes, and the caller's count of the collectives of
  // its node's members over `shared` (node phases), which differs from node to node. Null on one node.
  const node_layout* nodes = nullptr;
  std::uint64_t* node_sequence = nullptr;

  int job_rank(int r) const noexcept { return job_ranks[r]; }
  bool spans_nodes() const noexcept { return nodes != nullptr; }
  // The table of its collective operations (collective_table.hpp), a function of `nodes`.
  inline const collective_table& operations() const noexcept;
  // The sequence numbers of the next `n` collective steps: every member takes the same ones.
  std::uint64_t take_sequences(int n) const noexcept {
    *sequence += n;
    return *sequence - n + 1;
  }
};

}  // namespace weft::coll
