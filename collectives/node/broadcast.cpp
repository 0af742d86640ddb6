// Broadcast: small ones through the communicator's cells (cell_broadcast.cpp), done at once by a blocking
// call that need not wait (bcast_at_once); larger ones with every rank copying straight from the root's
// buffer, which the root lends until all have copied (see rooted_exchange). Across NUMA domains, large
// broadcasts take two stages: one rank per domain copies from the root, the rest of its domain from that
// rank's copy. Between two ranks, a broadcast of at least two copy blocks (WEFT_COPY_BLOCK) is copied by
// both: the root, which would only wait, joins the reader's copy (paired_bcast_task).

#include <cstring>
#include <vector>

#include "collectives/collective_table.hpp"
#include "collectives/node/algorithms.hpp"
#include "collectives/node/exchanges.hpp"
#include "runtime/config.hpp"
#include "runtime/path_report.hpp"
#include "shm/block_copy.hpp"

namespace weft::coll {

namespace {

enum class bcast_algorithm { cells, paired, one_stage, two_stages };

// The algorithm of a broadcast on one node, alike on every member: all broadcast the same number of bytes.
bcast_algorithm choose_bcast(const communicator_view& comm, std::size_t bytes) {
  const runtime::config& config = runtime::job_config();
  bcast_algorithm chosen = bcast_algorithm::one_stage;
  if (comm.size > 1 && bytes <= comm.shared->broadcast_cell_capacity())
    chosen = bcast_algorithm::cells;
  else if (comm.size == 2 && bytes >= 2 * config.copy_block)
    chosen = bcast_algorithm::paired;
  else if (bytes >= config.bcast_two_stage_min && comm.shared->tree().spans_domains())
    chosen = bcast_algorithm::two_stages;
  if (runtime::reporting_paths() && comm.size > 1) [[unlikely]] {  // a lone member has nothing to choose
    static constexpr const char* names[] = {"cells", "paired copy", "one stage", "two stages"};
    static constexpr const char* reasons[] = {
        "fit the broadcast cells", "at least 2 x WEFT_COPY_BLOCK: both copy blocks of it",
        "every member copies from the root: below WEFT_BCAST_TWO_STAGE_MIN, or all on one NUMA node",
        "at least WEFT_BCAST_TWO_STAGE_MIN, on several NUMA nodes: one member of each copies first"};
    auto index = static_cast<std::size_t>(chosen);
    runtime::report_path("collective", "bcast", names[index], "%zu B on %d members: %s", bytes, comm.size,
                         reasons[index]);
  }
  return chosen;
}

// The reader copies from the root's buffer block by block and offers the copy to the root, which joins it
// (shm/block_copy.hpp): two cores copy at once where one would copy and the other wait. Measured (2 ranks,
// back-to-back, runs taking turns): 1 MiB 39-44 -> 18-25 us (a plain copy takes 37 on this machine),
// 8 MiB 682-699 -> 351-376, 128 KiB 4.2-4.4 -> 2.8-3.6. The signals, each raised once per broadcast:
//   reader's from_collective_root: the root's buffer is published;
//   root's from_collective_root:   the reader has offered its copy (or copied it all already);
//   reader's from_tree_root:       the root joined, and left the copy last;
//   root's from_tree_root:         the reader is done with the root's buffer.
// On one worker the root cannot run between the offer and its withdrawal, and never joins.
task paired_bcast_task(communicator_view comm, void* buffer, std::size_t bytes, int root, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  member_slot& me = shared.slot(comm.rank);
  member_slot& peer = shared.slot(1 - comm.rank);
  const std::size_t block = runtime::job_config().copy_block;
  if (comm.rank == root) {
    me.published = buffer;
    peer.raise(peer.from_collective_root, sequence);
    co_await until{me, me.from_collective_root, sequence};
    if (shm::block_copy* copy = me.copy_offer.exchange(nullptr, std::memory_order_acq_rel)) {
      copy->copy_blocks(block);
      if (copy->leave()) peer.raise(peer.from_tree_root, sequence);  // the copy is not touched afterwards
    }
    co_await until{me, me.from_tree_root, sequence};
    co_return;
  }
  co_await until{me, me.from_collective_root, sequence};
  shm::block_copy copy;
  copy.start(shm::byte_span(buffer, bytes), shm::byte_span(peer.published, bytes), bytes, nullptr);
  peer.copy_offer.store(&copy, std::memory_order_release);
  peer.raise(peer.from_collective_root, sequence);
  copy.copy_blocks(block);
  shm::block_copy* offered = &copy;
  bool copied_alone = peer.copy_offer.compare_exchange_strong(offered, nullptr, std::memory_order_acq_rel);
  // The root took the offer: it leaves second, still copying its last block, or has left already.
  if (!copied_alone && !copy.leave()) co_await until{me, me.from_tree_root, sequence};
  peer.raise(peer.from_tree_root, sequence);
}

}  // namespace

task bcast_task(communicator_view comm, void* buffer, std::size_t bytes, int root, std::uint64_t sequence) {
  bcast_algorithm chosen = choose_bcast(comm, bytes);
  if (chosen == bcast_algorithm::cells) return cell_bcast_task(comm, buffer, bytes, root, sequence);
  if (chosen == bcast_algorithm::paired) return paired_bcast_task(comm, buffer, bytes, root, sequence);
  const void* source = buffer;
  auto copy = [buffer, bytes, copies = comm.rank != root](const void* from) {
    if (copies && bytes != 0) std::memcpy(buffer, from, bytes);
  };
  stages staging = chosen == bcast_algorithm::two_stages ? stages::two : stages::one;
  return rooted_exchange(comm, root, source, copy, sequence, staging);
}

std::optional<task> bcast_at_once(const communicator_view& comm, void* buffer, std::size_t bytes, int root,
                                  std::uint64_t sequence) {
  if (may_do_at_once(comm)) {
    // One member is the root and has the data already.
    if (comm.size == 1) return std::nullopt;
    if (choose_bcast(comm, bytes) == bcast_algorithm::cells && cell_bcast_at_once(comm, buffer, bytes, root, sequence))
      return std::nullopt;
  }
  return bcast_task(comm, buffer, bytes, root, sequence);
}

}  // namespace weft::coll
