// Reduce and allreduce along the binomial tree. A rank combines its children's partial results where they
// keep them (a leaf's own send buffer), in rank order: the subtree of a child covers the ranks after
// those of the children before it, so results are the same for non-commutative operations. A child
// returns once its parent has read its partial result.

#include <cstring>

#include "collectives/algorithms.hpp"
#include "collectives/tree_steps.hpp"

namespace weft::coll {

task reduce_task(communicator_view comm, const void* input, void* recv, std::size_t count, std::size_t element_size,
                 reduce_kernel kernel, int root, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  member_slot& me = shared.slot(comm.rank);
  std::size_t bytes = count * element_size;
  const void* partial = input;
  if (int children = binomial_tree::child_count(comm.rank, comm.size); children != 0) {
    std::vector<std::byte>& scratch = shared.scratch(comm.rank);
    if (scratch.size() < bytes) scratch.resize(bytes);
    while (const signal* missing = missing_child(comm, sequence)) co_await until{me, *missing, sequence};
    auto partial_of = [&](int index) { return shared.slot(binomial_tree::child(comm.rank, index)).published; };
    // acc = input op child 0 op child 1 ...: from the last child backwards, each kernel call putting
    // the lower ranks' data in front.
    if (bytes != 0) std::memcpy(scratch.data(), partial_of(children - 1), bytes);
    for (int i = children - 2; i >= 0; --i) kernel(partial_of(i), scratch.data(), count);
    kernel(input, scratch.data(), count);
    release_children(comm, sequence);  // their partial results are read
    partial = scratch.data();
  }
  if (comm.rank != 0) {
    me.published = partial;
    signal_parent(comm, sequence);
    co_await until{me, me.from_parent, sequence};
  } else if (root == 0) {
    if (partial != recv && bytes != 0) std::memcpy(recv, partial, bytes);
  } else {
    me.published = partial;
    member_slot& root_slot = shared.slot(root);
    root_slot.raise(root_slot.from_tree_root, sequence);
    co_await until{me, me.from_collective_root, sequence};
  }
  if (comm.rank == root && root != 0) {
    co_await until{me, me.from_tree_root, sequence};
    member_slot& tree_root = shared.slot(0);
    if (bytes != 0) std::memcpy(recv, tree_root.published, bytes);
    tree_root.raise(tree_root.from_collective_root, sequence);
  }
}

task allreduce_task(communicator_view comm, const void* input, void* recv, std::size_t count,
                    std::size_t element_size, reduce_kernel kernel, std::uint64_t sequence) {
  co_await reduce_task(comm, input, recv, count, element_size, kernel, 0, sequence);
  co_await bcast_task(comm, recv, count * element_size, 0, sequence + 1);
}

}  // namespace weft::coll
