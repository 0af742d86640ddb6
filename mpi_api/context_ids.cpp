#include "mpi_api/context_ids.hpp"

#include <atomic>
#include <limits>

#include "collectives/collective_table.hpp"
#include "collectives/schedule.hpp"
#include "mpi_api/communicators.hpp"
#include "runtime/job.hpp"
#include "runtime/report.hpp"

namespace weft::mpi {

std::uint32_t allocate_context_pair() { return allocate_context_pairs(1); }

namespace {

// This node process's range of contexts: [first, end), even bounds.
struct context_range {
  std::uint32_t first;
  std::uint32_t end;
};

context_range this_node_range() {
  const runtime::node_map& nodes = runtime::job::current().nodes();
  std::uint32_t first_free = sessions_context + 2;
  std::uint32_t length = (std::numeric_limits<std::uint32_t>::max() - first_free) / nodes.node_count() / 2 * 2;
  std::uint32_t first = first_free + length * static_cast<std::uint32_t>(nodes.this_node());
  return {first, first + length};
}

}  // namespace

std::uint32_t allocate_context_pairs(int pairs) {
  static const context_range range = this_node_range();
  static std::atomic<std::uint32_t> next{range.first};
  std::uint32_t context = next.fetch_add(2 * pairs, std::memory_order_relaxed);
  // 2^31 communicators per job, shared out among the nodes. Ending the job beats reusing a context that
  // may still carry messages.
  if (context > range.end - 2 * pairs)
    runtime::fatal(1, "rank %d: node %d has created more than its %u communicators; context ids are exhausted",
                   this_rank_id(), runtime::job::current().nodes().this_node(), (range.end - range.first) / 2);
  return context;
}

std::uint32_t agree_on_context(const weft_comm_s& parent) {
  std::uint32_t context = 0;
  coll::communicator_view view = collective_view(parent);
  coll::run(view, agree_on_contexts(view, &context, 1, coll::take_sequences(view, view.operations().bcast)));
  return context;
}

coll::task agree_on_contexts(coll::communicator_view view, std::uint32_t* context, int pairs, std::uint64_t sequence) {
  std::uint32_t agreed = view.rank == 0 ? allocate_context_pairs(pairs) : 0;
  co_await view.operations().bcast.make(view, &agreed, sizeof agreed, 0, sequence);
  *context = agreed;
}

}  // namespace weft::mpi
