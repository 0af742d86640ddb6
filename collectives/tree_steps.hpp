#pragma once
// The steps every tree collective is made of: finding a child that has not arrived yet (the algorithm
// awaits its signal, then asks again), signalling the parent, releasing the children.

#include <cstdint>

#include "collectives/binomial_tree.hpp"
#include "collectives/communicator_view.hpp"
#include "collectives/shared_communicator.hpp"
#include "collectives/task.hpp"

namespace weft::coll {

// A signal of a child that has not arrived at `sequence`, or null when all have. (A loop awaiting these
// costs no coroutine frame, which a nested task would on every call.)
inline const signal* missing_child(const communicator_view& comm, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  for (int i = 0, n = binomial_tree::child_count(comm.rank, comm.size); i < n; ++i)
    if (const signal& arrival = shared.from_child(comm.rank, i); !arrival.reached(sequence)) return &arrival;
  return nullptr;
}

inline void signal_parent(const communicator_view& comm, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  int parent = binomial_tree::parent(comm.rank);
  shared.slot(parent).raise(shared.from_child(parent, binomial_tree::child_index(comm.rank)), sequence);
}

inline void release_children(const communicator_view& comm, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  for (int i = 0, n = binomial_tree::child_count(comm.rank, comm.size); i < n; ++i) {
    member_slot& child = shared.slot(binomial_tree::child(comm.rank, i));
    child.raise(child.from_parent, sequence);
  }
}

}  // namespace weft::coll
