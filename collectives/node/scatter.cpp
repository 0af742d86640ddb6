// Scatter(v): the root publishes the map of its send buffer and every other rank copies its own block out
// of it, all at once; the root returns when every block is out.

#include "collectives/node/data_movement.hpp"
#include "collectives/node/exchanges.hpp"
#include "runtime/path_report.hpp"

namespace weft::coll {

task scatter_task(communicator_view comm, const_block_map send, std::optional<shm::typed_span> recv, int root,
                  truncation* seen, std::uint64_t sequence) {
  if (runtime::reporting_paths() && comm.size > 1) [[unlikely]]
    runtime::report_path("collective", "scatter", "in place",
                         "%d members: each copies its block from the root's buffer", comm.size);
  auto copy_mine = [recv, rank = comm.rank, root, seen](const const_block_map& blocks) {
    if (recv) copy_block(*recv, blocks.block(rank), root, rank, *seen);
  };
  return rooted_exchange(comm, root, send, copy_mine, sequence);
}

}  // namespace weft::coll
