// Broadcast: small ones through the communicator's cells (cell_broadcast.cpp), done at once by a blocking
// call that need not wait (bcast_at_once); larger ones with every rank copying straight from the root's
// buffer, which the root lends until all have copied (see rooted_exchange). Across NUMA domains, large
// broadcasts take two stages: one rank per domain copies from the root, the rest of its domain from that
// rank's copy.

#include <cstring>
#include <vector>

#include "collectives/algorithms.hpp"
#include "collectives/exchanges.hpp"
#include "collectives/spanning.hpp"
#include "runtime/config.hpp"

namespace weft::coll {

namespace {

bool through_cells(const communicator_view& comm, std::size_t bytes) {
  return comm.size > 1 && bytes <= broadcast_cell::capacity;
}

}  // namespace

task bcast_task(communicator_view comm, void* buffer, std::size_t bytes, int root, std::uint64_t sequence) {
  if (comm.spans_nodes()) [[unlikely]]
    return spanning_bcast(comm, buffer, bytes, root, sequence);
  if (through_cells(comm, bytes)) return cell_bcast_task(comm, buffer, bytes, root, sequence);
  const void* source = buffer;
  auto copy = [buffer, bytes, copies = comm.rank != root](const void* from) {
    if (copies && bytes != 0) std::memcpy(buffer, from, bytes);
  };
  // Every member decides alike: all broadcast the same number of bytes.
  stages staging = bytes >= runtime::job_config().bcast_two_stage_min ? stages::two : stages::one;
  return rooted_exchange(comm, root, source, copy, sequence, staging);
}

std::optional<task> bcast_at_once(const communicator_view& comm, void* buffer, std::size_t bytes, int root,
                                  std::uint64_t sequence) {
  if (may_do_at_once(comm)) {
    // One member is the root and has the data already.
    if (comm.size == 1) return std::nullopt;
    if (through_cells(comm, bytes) && cell_bcast_at_once(comm, buffer, bytes, root, sequence)) return std::nullopt;
  }
  return bcast_task(comm, buffer, bytes, root, sequence);
}

task bcast_typed_task(communicator_view comm, shm::typed_span buffer, int root, std::uint64_t sequence) {
  std::size_t bytes = buffer.bytes();
  std::vector<std::byte> packed(bytes);
  if (comm.rank == root) shm::typed_copy(shm::byte_span(packed.data(), bytes), buffer, 0, bytes);
  co_await bcast_task(comm, packed.data(), bytes, root, sequence);
  if (comm.rank != root) shm::typed_copy(buffer, shm::byte_span(packed.data(), bytes), 0, bytes);
}

}  // namespace weft::coll
