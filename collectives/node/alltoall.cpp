// Alltoall(v, w): every rank publishes where its blocks for the others are, and each copies its block out
// of every rank's send buffer into its own receive buffer (see exchange_with_all).
//
// In place, a rank's block r is both the data rank r reads from it and the room for rank r's data, so
// the rank first packs its blocks into a snapshot that its peers read instead: the one copy through an
// intermediate buffer, which the semantics of in place force.

#include <memory>

#include "collectives/node/data_movement.hpp"
#include "collectives/node/exchanges.hpp"
#include "runtime/path_report.hpp"

namespace weft::coll {
namespace {

// A rank's blocks for its peers: in its send buffer, or packed in its snapshot.
struct alltoall_source {
  const_block_map blocks;
  const std::byte* snapshot = nullptr;   // in place: block r at snapshot + offsets[r]
  const std::size_t* offsets = nullptr;  // one per rank, then the total

  shm::const_typed_span block(int r) const noexcept {
    if (snapshot == nullptr) return blocks.block(r);
    return shm::byte_span(snapshot + offsets[r], offsets[r + 1] - offsets[r]);
  }
};

task exchange_blocks(communicator_view comm, alltoall_source mine, block_map recv, bool in_place, truncation* seen,
                     std::uint64_t sequence) {
  // In place, a rank's own block is where it belongs already.
  auto copy_from = [recv, in_place, rank = comm.rank, seen](int peer, const alltoall_source& theirs) {
    if (!(in_place && peer == rank)) copy_block(recv.block(peer), theirs.block(rank), peer, rank, *seen);
  };
  return exchange_with_all(comm, mine, copy_from, sequence);
}

task alltoall_in_place(communicator_view comm, block_map buffer, truncation* seen, std::uint64_t sequence) {
  auto offsets = std::make_unique<std::size_t[]>(comm.size + 1);
  for (int r = 0; r < comm.size; ++r) offsets[r + 1] = offsets[r] + (r == comm.rank ? 0 : buffer.block(r).bytes());
  auto snapshot = std::make_unique_for_overwrite<std::byte[]>(offsets[comm.size]);
  for (int r = 0; r < comm.size; ++r) {
    std::size_t bytes = offsets[r + 1] - offsets[r];
    shm::typed_copy(shm::byte_span(snapshot.get() + offsets[r], bytes), buffer.block(r), 0, bytes);
  }
  co_await exchange_blocks(comm, {buffer, snapshot.get(), offsets.get()}, buffer, true, seen, sequence);
}

}  // namespace

task alltoall_task(communicator_view comm, std::optional<const_block_map> send, block_map recv, truncation* seen,
                   std::uint64_t sequence) {
  if (runtime::reporting_paths() && comm.size > 1) [[unlikely]]
    runtime::report_path("collective", "alltoall", send ? "in place" : "in place, from a snapshot",
                         "%d members: each copies its blocks from their senders' buffers%s", comm.size,
                         send ? "" : "; MPI_IN_PLACE: the blocks first copied aside, since they are overwritten");
  if (send) return exchange_blocks(comm, {*send}, recv, false, seen, sequence);
  return alltoall_in_place(comm, recv, seen, sequence);
}

}  // namespace weft::coll
