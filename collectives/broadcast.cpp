// Broadcast in one stage: every rank copies straight from the root's buffer. Releases come down the tree
// from rank 0 (told by the root when it is another rank); completions climb back, and the root returns
// once every rank has copied, since its buffer is the source until then.

#include <cstring>

#include "collectives/algorithms.hpp"
#include "collectives/tree_steps.hpp"

namespace weft::coll {

task bcast_task(communicator_view comm, void* buffer, std::size_t bytes, int root, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  member_slot& me = shared.slot(comm.rank);
  member_slot& tree_root = shared.slot(0);
  if (comm.rank == root) {
    me.published = buffer;
    if (root != 0) tree_root.raise(tree_root.from_collective_root, sequence);
  }
  if (comm.rank == 0 && root != 0) co_await until{me, me.from_collective_root, sequence};
  if (comm.rank != 0) co_await until{me, me.from_parent, sequence};
  release_children(comm, sequence);
  if (comm.rank != root && bytes != 0) std::memcpy(buffer, shared.slot(root).published, bytes);
  while (const signal* missing = missing_child(comm, sequence)) co_await until{me, *missing, sequence};
  if (comm.rank != 0) {
    signal_parent(comm, sequence);
  } else if (root != 0) {
    member_slot& root_slot = shared.slot(root);
    root_slot.raise(root_slot.from_tree_root, sequence);
  }
  if (comm.rank == root && root != 0) co_await until{me, me.from_tree_root, sequence};
}

}  // namespace weft::coll
