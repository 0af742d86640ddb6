// Allgather(v): every rank publishes its send block and copies every other rank's into its receive
// buffer (see exchange_with_all). In place, a rank's send block is its own block of the receive buffer.

#include "collectives/node/data_movement.hpp"
#include "collectives/node/exchanges.hpp"
#include "runtime/path_report.hpp"

namespace weft::coll {

task allgather_task(communicator_view comm, std::optional<shm::const_typed_span> send, block_map recv, truncation* seen,
                    std::uint64_t sequence) {
  if (runtime::reporting_paths() && comm.size > 1) [[unlikely]]
    runtime::report_path("collective", "allgather", "in place",
                         "%d members: each copies every block from its owner's buffer", comm.size);
  bool in_place = !send;
  shm::const_typed_span mine = in_place ? recv.block(comm.rank) : *send;
  auto copy_from = [in_place, recv, rank = comm.rank, seen](int peer, const shm::const_typed_span& theirs) {
    if (!(in_place && peer == rank)) copy_block(recv.block(peer), theirs, peer, rank, *seen);
  };
  return exchange_with_all(comm, mine, copy_from, sequence);
}

}  // namespace weft::coll
