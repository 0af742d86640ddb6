#include "node_plan.hpp"

#include <algorithm>
#include <climits>
#include <cstddef>

#include "host_list.hpp"

namespace weft::tools {
namespace {

std::string count_of(long long count, const char* what) {
  return std::to_string(count) + " " + what + (count == 1 ? "" : "s");
}

// Ranks come in blocks: each node's first rank follows the previous node's last.
node_plan numbered(std::vector<planned_node> nodes, bool on_named_hosts) {
  node_plan plan{std::move(nodes), 0, on_named_hosts};
  for (planned_node& node : plan.nodes) {
    node.first_rank = plan.ranks;
    plan.ranks += node.ranks;
  }
  return plan;
}

class planner {
 public:
  // `hosts` each named once (merged).
  planner(const launch_options& options, std::vector<host_entry> hosts)
      : options_(options), hosts_(std::move(hosts)), on_named_hosts_(!hosts_.empty()) {}

  node_plan_result plan() {
    // Hosts come from --hosts, --hostfile or a batch allocation (batch_allocation.hpp), so only here is it
    // known whether there are any.
    if (options_.remote_shell && !on_named_hosts_)
      return usage_error{
          "-launcher-exec chooses how to reach other hosts, but no hosts are given; add "
          "--hosts or --hostfile, or leave it out"};
    if (options_.interface && !on_named_hosts_)
      return usage_error{
          "-iface chooses the network to other hosts, but no hosts are given; add --hosts or "
          "--hostfile, or leave it out (node processes on this machine use the loopback "
          "interface)"};
    if (on_named_hosts_ && options_.nodes) {
      if (*options_.nodes > static_cast<int>(hosts_.size()))
        return usage_error{"--nodes " + std::to_string(*options_.nodes) + " asks for more nodes than the " +
                           count_of(static_cast<long long>(hosts_.size()), "host") +
                           " given; name more hosts or lower --nodes"};
      hosts_.resize(static_cast<std::size_t>(*options_.nodes));
    }
    if (!on_named_hosts_) {
      if (options_.nodes > max_local_nodes)
        return usage_error{"--nodes " + std::to_string(*options_.nodes) +
                           " asks for more node processes on this "
                           "machine than mpirun starts (" +
                           std::to_string(max_local_nodes) +
                           "); every node process runs many ranks: give more ranks with -n instead"};
      hosts_.assign(static_cast<std::size_t>(options_.nodes.value_or(1)), {std::string(local_host_name), std::nullopt});
    }

    auto sizes = options_.ranks_per_node ? blocks_of_ppn() : spread_over_slots();
    if (auto* error = std::get_if<usage_error>(&sizes)) return *error;
    std::vector<planned_node> nodes;
    for (std::size_t node = 0; node < hosts_.size(); ++node) {
      int ranks = std::get<std::vector<int>>(sizes)[node];
      if (ranks == 0 && options_.nodes)
        return usage_error{count_of(total_ranks_, "rank") + " cannot fill the " + count_of(*options_.nodes, "node") +
                           " that --nodes asks for; give at least " + std::to_string(needed_for_nodes()) +
                           " ranks with -n, or fewer nodes"};
      if (ranks > 0) nodes.push_back({hosts_[node].name, 0, ranks});
    }
    return numbered(std::move(nodes), on_named_hosts_);
  }

 private:
  using sizes_result = std::variant<std::vector<int>, usage_error>;

  // The rank count, given or from `per_job` (counted in long long: P times many hosts can pass INT_MAX).
  std::optional<usage_error> settle_ranks(long long per_job) {
    long long ranks = options_.ranks ? *options_.ranks : per_job;
    if (ranks > INT_MAX)
      return usage_error{"the job would have " + std::to_string(ranks) + " ranks, more than " +
                         std::to_string(INT_MAX) + "; give fewer with -n"};
    total_ranks_ = static_cast<int>(ranks);
    return std::nullopt;
  }

  // -ppn P: P ranks on each node, the last one the remainder.
  sizes_result blocks_of_ppn() {
    const int per_node = *options_.ranks_per_node;
    if (auto error = settle_ranks(static_cast<long long>(per_node) * static_cast<long long>(hosts_.size())))
      return *error;
    // Without hosts or --nodes, the node count follows from -n and -ppn alone.
    if (!on_named_hosts_ && !options_.nodes && options_.ranks) {
      long long nodes = (static_cast<long long>(total_ranks_) + per_node - 1) / per_node;
      if (nodes > max_local_nodes)
        return usage_error{count_of(total_ranks_, "rank") + " at -ppn " + std::to_string(per_node) + " need " +
                           count_of(nodes, "node") + ", more node processes on this machine than mpirun starts (" +
                           std::to_string(max_local_nodes) + "); raise -ppn"};
      hosts_.resize(static_cast<std::size_t>(nodes), hosts_.front());
    }
    long long needed = (static_cast<long long>(total_ranks_) + per_node - 1) / per_node;
    if (needed > static_cast<long long>(hosts_.size()))
      return usage_error{count_of(total_ranks_, "rank") + " at -ppn " + std::to_string(per_node) + " need " +
                         count_of(needed, "node") + ", but " + available_nodes() +
                         "; raise -ppn, lower -n or give more " + (options_.nodes ? "nodes" : "hosts")};
    std::vector<int> sizes(hosts_.size(), 0);
    int left = total_ranks_;
    for (std::size_t node = 0; node < sizes.size(); ++node) {
      sizes[node] = std::min(left, per_node);
      left -= sizes[node];
      if (hosts_[node].max_slots && sizes[node] > *hosts_[node].max_slots)
        return usage_error{"-ppn " + std::to_string(per_node) + " puts " + count_of(sizes[node], "rank") + " on host " +
                           hosts_[node].name + ", whose max_slots is " + std::to_string(*hosts_[node].max_slots) +
                           "; lower -ppn or raise max_slots"};
    }
    return sizes;
  }

  // Each node its slots (1 when not given) in order; ranks beyond all slots spread evenly.
  sizes_result spread_over_slots() {
    long long slots = 0;
    for (const host_entry& host : hosts_) slots += host.slots.value_or(1);
    if (auto error = settle_ranks(slots)) return *error;
    std::vector<int> sizes;
    long long left = total_ranks_;
    for (const host_entry& host : hosts_) {
      sizes.push_back(static_cast<int>(std::min<long long>(left, host.slots.value_or(1))));
      left -= sizes.back();
    }
    // The rest evenly over the hosts below their max_slots; each round fills at least one of them up or
    // places every rank.
    while (left > 0) {
      std::vector<std::size_t> open;
      for (std::size_t node = 0; node < sizes.size(); ++node)
        if (!hosts_[node].max_slots || sizes[node] < *hosts_[node].max_slots) open.push_back(node);
      if (open.empty())
        return usage_error{count_of(total_ranks_, "rank") + " do not fit the hosts' max_slots (" +
                           count_of(total_ranks_ - left, "rank") +
                           " in all); give fewer ranks with -n, raise "
                           "max_slots or give more hosts"};
      const auto count = static_cast<long long>(open.size());
      const long long share = left / count, extra = left % count;
      for (std::size_t k = 0; k < open.size(); ++k) {
        const host_entry& host = hosts_[open[k]];
        long long give = share + (static_cast<long long>(k) < extra ? 1 : 0);
        if (host.max_slots) give = std::min<long long>(give, *host.max_slots - sizes[open[k]]);
        sizes[open[k]] += static_cast<int>(give);
        left -= give;
      }
    }
    return sizes;
  }

  // The fewest ranks that give every node of --nodes at least one; past int for a large -ppn.
  long long needed_for_nodes() const {
    if (!options_.ranks_per_node) return *options_.nodes;
    return (*options_.nodes - 1LL) * *options_.ranks_per_node + 1;
  }

  std::string available_nodes() const {
    if (options_.nodes) return "--nodes gives " + std::to_string(*options_.nodes);
    return "only " + count_of(static_cast<long long>(hosts_.size()), "host") + (hosts_.size() == 1 ? " is" : " are") +
           " given";
  }

  const launch_options& options_;
  std::vector<host_entry> hosts_;
  bool on_named_hosts_;
  int total_ranks_ = 0;
};

// Cuts the nodes of `plan` where one part's ranks end and the next one's begin.
node_plan split_into_parts(const node_plan& plan, std::span<const program_part> parts) {
  std::vector<planned_node> nodes;
  std::size_t part = 0;
  int part_end = parts.front().ranks.value_or(plan.ranks);
  for (const planned_node& node : plan.nodes) {
    for (int rank = node.first_rank, node_end = node.first_rank + node.ranks; rank < node_end;) {
      while (rank == part_end) part_end += parts[++part].ranks.value_or(0);
      int ranks = std::min(node_end, part_end) - rank;
      nodes.push_back({node.host, 0, ranks, static_cast<int>(part)});
      rank += ranks;
    }
  }
  return numbered(std::move(nodes), plan.on_named_hosts);
}

}  // namespace

node_plan_result plan_nodes(const launch_options& options, std::span<const host_entry> hosts) {
  auto each_once = merge_hosts(hosts);
  if (auto* error = std::get_if<usage_error>(&each_once)) return *error;
  node_plan_result plan = planner(options, std::get<std::vector<host_entry>>(std::move(each_once))).plan();
  if (auto* planned = std::get_if<node_plan>(&plan); planned && options.parts.size() > 1)
    return split_into_parts(*planned, options.parts);
  return plan;
}

}  // namespace weft::tools

namespace weft::tools {

std::string node_description(const node_plan& plan, int node) {
  const planned_node& planned = plan.nodes[static_cast<std::size_t>(node)];
  std::string ranks = planned.ranks == 1 ? "rank " + std::to_string(planned.first_rank)
                                         : "ranks " + std::to_string(planned.first_rank) + "-" +
                                               std::to_string(planned.first_rank + planned.ranks - 1);
  return "node " + std::to_string(node) + " (" + planned.host + ", " + ranks + ")";
}

}  // namespace weft::tools
