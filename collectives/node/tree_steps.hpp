#pragma once
// The steps every tree collective is made of: finding a child that has not arrived yet (the algorithm
// awaits its signal, then asks again), signalling the parent, releasing the children.

#include <cstdint>

#include "collectives/communicator_view.hpp"
#include "collectives/shared_communicator.hpp"
#include "collectives/task.hpp"

namespace weft::coll {

// A signal of a child that has not arrived at `sequence`, or null when all have. (A loop awaiting these
// costs no coroutine frame, which a nested task would on every call.)
inline const signal* missing_child(const communicator_view& comm, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  for (int i = 0, n = shared.tree().child_count(comm.rank); i < n; ++i)
    if (const signal& arrival = shared.from_child(comm.rank, i); !arrival.reached(sequence)) return &arrival;
  return nullptr;
}

inline void signal_parent(const communicator_view& comm, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  const collective_tree& tree = shared.tree();
  int parent = tree.parent(comm.rank);
  shared.slot(parent).raise(shared.from_child(parent, tree.child_index(comm.rank)), sequence);
}

// Releases the children for which chosen(child) holds.
template <class Chosen>
void release_children_if(const communicator_view& comm, std::uint64_t sequence, Chosen chosen) {
  shared_communicator& shared = *comm.shared;
  const collective_tree& tree = shared.tree();
  for (int i = 0, n = tree.child_count(comm.rank); i < n; ++i) {
    int child = tree.child(comm.rank, i);
    if (!chosen(child)) continue;
    member_slot& slot = shared.slot(child);
    slot.raise(slot.from_parent, sequence);
  }
}

inline void release_children(const communicator_view& comm, std::uint64_t sequence) {
  release_children_if(comm, sequence, [](int) { return true; });
}

}  // namespace weft::coll
