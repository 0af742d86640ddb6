#include "slurm_launch.hpp"

#include <algorithm>
#include <charconv>

namespace weft::tools {
namespace {

std::optional<int> positive(const char *text) {
  if (text == nullptr)
    return std::nullopt;
  std::string_view digits(text);
  int value = 0;
  auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (error != std::errc{} || end != digits.data() + digits.size() || value <= 0)
    return std::nullopt;
  return value;
}

} // namespace

std::optional<slurm_allocation> current_allocation(const char *(*lookup)(const char *)) {
  const char *job = lookup("SLURM_JOB_ID");
  if (job == nullptr || *job == '\0')
    return std::nullopt;
  slurm_allocation allocation;
  std::optional<int> nodes = positive(lookup("SLURM_JOB_NUM_NODES"));
  if (!nodes)
    nodes = positive(lookup("SLURM_NNODES"));
  allocation.nodes = nodes.value_or(1);
  allocation.cpus_on_node = positive(lookup("SLURM_CPUS_ON_NODE"));
  return allocation;
}

std::vector<std::string> srun_arguments(const node_plan &plan, const slurm_allocation &allocation,
                                        const std::vector<std::string> &command) {
  const int tasks = static_cast<int>(plan.nodes.size());
  const int nodes = std::min(tasks, allocation.nodes);
  std::vector<std::string> arguments = {"--mpi=pmix",
                                        "--ntasks=" + std::to_string(tasks),
                                        "--nodes=" + std::to_string(nodes),
                                        "--distribution=block",
                                        "--kill-on-bad-exit=1"};
  if (allocation.cpus_on_node) {
    const int tasks_per_node = (tasks + nodes - 1) / nodes;
    arguments.push_back("--cpus-per-task=" + std::to_string(std::max(1, *allocation.cpus_on_node / tasks_per_node)));
  }
  arguments.insert(arguments.end(), command.begin(), command.end());
  return arguments;
}

} // namespace weft::tools
