#pragma once
// The steps every tree collective is made of, as awaitable pieces: waiting for all children, signalling
// the parent, releasing the children.

#include <cstdint>

#include "collectives/binomial_tree.hpp"
#include "collectives/communicator_view.hpp"
#include "collectives/shared_communicator.hpp"
#include "collectives/task.hpp"

namespace weft::coll {

inline task wait_for_children(communicator_view comm, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  member_slot& me = shared.slot(comm.rank);
  for (int i = 0, n = binomial_tree::child_count(comm.rank, comm.size); i < n; ++i)
    co_await until{me, shared.from_child(comm.rank, i), sequence};
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
