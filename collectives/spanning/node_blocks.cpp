#include "collectives/spanning/node_blocks.hpp"

namespace weft::coll {
namespace {

// The member of the caller's node whose node rank is `index`.
int node_member(const communicator_view& comm, int index) noexcept {
  const node_layout& nodes = *comm.nodes;
  int node = nodes.node_of(comm.rank);
  for (int r = 0; r < comm.size; ++r)
    if (nodes.node_of(r) == node && nodes.rank_on_node(r) == index) return r;
  return index;
}

}  // namespace

task named_in_communicator(communicator_view comm, truncation* seen, task phase, std::optional<int> source) {
  bool found_before = seen->found;
  co_await std::move(phase);
  if (!seen->found || found_before) co_return;
  seen->source = source ? *source : node_member(comm, seen->source);
  seen->destination = node_member(comm, seen->destination);
}

}  // namespace weft::coll
