#include "mpi_api/context_ids.hpp"

#include <atomic>
#include <limits>

#include "collectives/algorithms.hpp"
#include "mpi_api/communicators.hpp"
#include "runtime/report.hpp"

namespace weft::mpi {

std::uint32_t allocate_context_pair() {
  static std::atomic<std::uint32_t> next{self_context + 2};
  std::uint32_t context = next.fetch_add(2, std::memory_order_relaxed);
  // 2^31 communicators per job. Ending the job beats reusing a context that may still carry messages.
  if (context > std::numeric_limits<std::uint32_t>::max() - 2)
    runtime::fatal(1, "rank %d: the job has created more than 2^31 communicators; context ids are exhausted",
                   this_rank_id());
  return context;
}

std::uint32_t agree_on_context(const weft_comm_s& parent) {
  std::uint32_t context = parent.rank == 0 ? allocate_context_pair() : 0;
  coll::bcast(&context, sizeof context, 0, collective_view(parent));
  return context;
}

}  // namespace weft::mpi
