// Scan and exscan in two sweeps over the communicator's tree, whose subtrees are contiguous rank ranges.
//
// Up: a rank r with children c0 < c1 < ... (child j's subtree covers [cj, c(j+1))) keeps the prefixes of
// its own subtree, L(j) = xr op S(c0) op ... op S(c(j-1)), S(c) being the reduction of c's subtree,
// which c publishes (its input when it is a leaf); the last one, L(k) = S(r), goes to its parent.
// Down: the parent hands r the reduction of every rank before it, E(r) = x0 op ... op x(r-1) (none for
// rank 0); r's inclusive result is E(r) op xr, which is also E(c0), and E(cj) = E(r) op L(j). A rank
// returns once its children have read what it handed them. Both sweeps take log2(p) levels.

#include <vector>

#include "collectives/node/algorithms.hpp"
#include "collectives/node/tree_steps.hpp"
#include "collectives/working_buffers.hpp"
#include "runtime/path_report.hpp"

namespace weft::coll {

task scan_task(communicator_view comm, const void* input, void* recv, std::size_t count, std::size_t element_size,
               shm::reduction_op op, prefix_kind kind, std::uint64_t sequence) {
  if (runtime::reporting_paths() && comm.size > 1) [[unlikely]]
    runtime::report_path("collective", kind == prefix_kind::inclusive ? "scan" : "exscan", "tree",
                         "%zu B on %d members: partial results up the members' tree and prefixes down, in rank order",
                         count * element_size, comm.size);
  shared_communicator& shared = *comm.shared;
  member_slot& me = shared.slot(comm.rank);
  const collective_tree& tree = shared.tree();
  bool is_root = comm.rank == 0;
  int children = tree.child_count(comm.rank);
  // Buffer j (1 <= j <= children) holds L(j), then E(cj); buffer 0 the exclusive scan's E(c0).
  working_buffers prefixes(shared.scratch(comm.rank), children == 0 ? 0 : children + 1,
                           shm::span_of(count, element_size, op));

  // Up. Rank 0 has no parent to pass S(0) to, so it needs no L(k), nor its last child's S.
  const void* local = input;
  for (int j = 0; j < children - (is_root ? 1 : 0); ++j) {
    co_await until{me, shared.from_child(comm.rank, j), sequence};
    std::byte* next = prefixes.origin(j + 1);
    shm::copy_elements(next, shared.slot(tree.child(comm.rank, j)).published, count, element_size, op);
    op.combine(local, next, count);
    local = next;
  }
  const void* before = nullptr;  // E(r)
  if (!is_root) {
    me.published = local;
    signal_parent(comm, sequence);
    co_await until{me, me.from_parent, sequence};
    const member_slot& parent = shared.slot(tree.parent(comm.rank));
    before = static_cast<const void* const*>(parent.published)[tree.child_index(comm.rank)];
  }

  // Down.
  std::vector<const void*> handed(std::max(children, 1));  // E(cj) for each child j
  auto prefix_through_me = [&](void* into) {               // E(r) op xr
    if (into != input) shm::copy_elements(into, input, count, element_size, op);
    if (!is_root) op.combine(before, into, count);
  };
  if (kind == prefix_kind::inclusive) {
    prefix_through_me(recv);
    handed[0] = recv;
  } else if (children != 0) {
    if (is_root) {
      handed[0] = input;
    } else {
      prefix_through_me(prefixes.origin(0));
      handed[0] = prefixes.origin(0);
    }
  }
  for (int j = 1; j < children; ++j) {
    if (!is_root) op.combine(before, prefixes.origin(j), count);
    handed[j] = prefixes.origin(j);
  }
  me.published = handed.data();
  release_children(comm, sequence);
  if (kind == prefix_kind::exclusive && !is_root) shm::copy_elements(recv, before, count, element_size, op);
  if (!is_root) signal_parent(comm, sequence + 1);  // done with what the parent handed
  while (const signal* missing = missing_child(comm, sequence + 1)) co_await until{me, *missing, sequence + 1};
}

}  // namespace weft::coll
