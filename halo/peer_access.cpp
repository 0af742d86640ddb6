#include "halo/peer_access.hpp"

#include "runtime/config.hpp"
#include "runtime/job.hpp"

namespace weft::halo {

access access_between(int job_rank, int peer_job_rank) noexcept {
  if (runtime::job_config().halo_copy) return access::copy;
  const runtime::node_map& nodes = runtime::job::current().nodes();
  return nodes.node_of(job_rank) == nodes.node_of(peer_job_rank) ? access::view : access::copy;
}

}  // namespace weft::halo
