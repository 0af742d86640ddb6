#include "collectives/node_layout.hpp"

#include <map>

#include "runtime/job.hpp"

namespace weft::coll {

node_layout::node_layout(std::span<const int> job_ranks) : node_of_(job_ranks.size()), rank_on_node_(job_ranks.size()) {
  const runtime::node_map& nodes = runtime::job::current().nodes();
  // Number the nodes in the order their first members appear.
  std::map<int, int> index_of_process;
  for (std::size_t r = 0; r < job_ranks.size(); ++r) {
    auto [it, fresh] = index_of_process.try_emplace(nodes.node_of(job_ranks[r]), static_cast<int>(leaders_.size()));
    if (fresh) {
      leaders_.push_back(static_cast<int>(r));
      last_members_.push_back(static_cast<int>(r));
    }
    node_of_[r] = it->second;
    last_members_[it->second] = static_cast<int>(r);
    // A node's members follow each other unless one of another node came between.
    if (!fresh && node_of_[r - 1] != it->second) contiguous_ = false;
  }
  first_.assign(leaders_.size() + 1, 0);
  for (int node : node_of_) ++first_[node + 1];
  for (std::size_t k = 1; k < first_.size(); ++k) first_[k] += first_[k - 1];
  job_ranks_by_node_.resize(job_ranks.size());
  std::vector<int> filled(first_.begin(), first_.end() - 1);
  for (std::size_t r = 0; r < job_ranks.size(); ++r) {
    int node = node_of_[r];
    rank_on_node_[r] = filled[node] - first_[node];
    job_ranks_by_node_[filled[node]++] = job_ranks[r];
  }
}

communicator_view node_part(const communicator_view& comm) noexcept {
  const node_layout& nodes = *comm.nodes;
  int node = nodes.node_of(comm.rank);
  return {comm.context,
          nodes.size_of_node(node),
          nodes.rank_on_node(comm.rank),
          nodes.job_ranks_of_node(node),
          comm.shared,
          comm.node_sequence,
          comm.schedule,
          comm.communicator};
}

}  // namespace weft::coll
