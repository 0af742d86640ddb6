#include "launcher_checks.hpp"

#include <algorithm>
#include <cctype>

#include "fuzz_failure.hpp"
#include "node_plan.hpp"

namespace weft::fuzz {

void check_usage_error(const tools::usage_error& error) {
  if (error.message.empty()) fuzz_failure("a usage error without a message");
}

void check_hosts(std::span<const tools::host_entry> hosts) {
  for (const tools::host_entry& host : hosts) {
    bool printable = std::none_of(host.name.begin(), host.name.end(),
                                  [](unsigned char c) { return std::iscntrl(c) || c == ' ' || c == ','; });
    if (host.name.empty() || !printable || host.name.front() == '-')
      fuzz_failure("host name '%s' was accepted", host.name.c_str());
    if (host.slots && *host.slots < 1) fuzz_failure("host %s has %d slots", host.name.c_str(), *host.slots);
  }
}

void check_plan(const tools::launch_options& options, std::span<const tools::host_entry> hosts) {
  auto planned = tools::plan_nodes(options, hosts);
  if (auto* error = std::get_if<tools::usage_error>(&planned)) return check_usage_error(*error);
  const tools::node_plan& plan = std::get<tools::node_plan>(planned);
  if (options.ranks && plan.ranks != *options.ranks)
    fuzz_failure("-n %d planned as %d ranks", *options.ranks, plan.ranks);
  int next = 0;
  for (std::size_t node = 0; node < plan.nodes.size(); ++node) {
    const tools::planned_node& n = plan.nodes[node];
    if (n.first_rank != next || n.ranks < 1)
      fuzz_failure("node %zu holds ranks %d..+%d after rank %d", node, n.first_rank, n.ranks, next);
    next += n.ranks;
    if (tools::node_description(plan, static_cast<int>(node)).empty())
      fuzz_failure("node %zu has no description", node);
  }
  if (next != plan.ranks) fuzz_failure("the nodes hold %d ranks of %d", next, plan.ranks);
  if (options.ranks_per_node)
    for (const tools::planned_node& n : plan.nodes)
      if (n.ranks > *options.ranks_per_node)
        fuzz_failure("a node holds %d ranks at -ppn %d", n.ranks, *options.ranks_per_node);
}

void check_host_list(const tools::host_list_result& hosts) {
  if (auto* error = std::get_if<tools::usage_error>(&hosts)) return check_usage_error(*error);
  auto& listed = std::get<std::vector<tools::host_entry>>(hosts);
  check_hosts(listed);
  check_plan(tools::launch_options{}, listed);
}

}  // namespace weft::fuzz
