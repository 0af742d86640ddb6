// Gather(v): the root publishes the map of its receive buffer and every other rank copies its own block
// into it, all at once; the root returns when every block is in.

#include "collectives/node/data_movement.hpp"
#include "collectives/node/exchanges.hpp"
#include "runtime/path_report.hpp"

namespace weft::coll {

task gather_task(communicator_view comm, std::optional<shm::const_typed_span> send, block_map recv, int root,
                 truncation* seen, std::uint64_t sequence) {
  if (runtime::reporting_paths() && comm.size > 1) [[unlikely]]
    runtime::report_path("collective", "gather", "in place", "%d members: each copies its block into the root's buffer",
                         comm.size);
  auto copy_mine = [send, rank = comm.rank, root, seen](const block_map& rooms) {
    if (send) copy_block(rooms.block(rank), *send, rank, root, *seen);
  };
  return rooted_exchange(comm, root, recv, copy_mine, sequence);
}

}  // namespace weft::coll
