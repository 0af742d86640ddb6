#include "slurm_launch.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>

#include "remote_command.hpp"

namespace weft::tools {
namespace {

std::optional<int> positive(const char* text) {
  if (text == nullptr) return std::nullopt;
  std::string_view digits(text);
  int value = 0;
  auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (error != std::errc{} || end != digits.data() + digits.size() || value <= 0) return std::nullopt;
  return value;
}

}  // namespace

std::optional<slurm_allocation> current_allocation(const char* (*lookup)(const char*)) {
  const char* job = lookup("SLURM_JOB_ID");
  if (job == nullptr || *job == '\0') return std::nullopt;
  slurm_allocation allocation;
  std::optional<int> nodes = positive(lookup("SLURM_JOB_NUM_NODES"));
  if (!nodes) nodes = positive(lookup("SLURM_NNODES"));
  allocation.nodes = nodes.value_or(1);
  allocation.cpus_on_node = positive(lookup("SLURM_CPUS_ON_NODE"));
  allocation.job_id = job;
  return allocation;
}

std::string step_name_of(long mpirun) { return "weft-mpirun." + std::to_string(mpirun); }

std::optional<std::string> step_named(std::string_view squeue_output, std::string_view step_name) {
  while (!squeue_output.empty()) {
    std::size_t end = std::min(squeue_output.find('\n'), squeue_output.size());
    std::string_view line = squeue_output.substr(0, end);
    squeue_output.remove_prefix(std::min(end + 1, squeue_output.size()));
    std::size_t space = line.find(' ');
    if (space != std::string_view::npos && space > 0 && line.substr(space + 1) == step_name)
      return std::string(line.substr(0, space));
  }
  return std::nullopt;
}

bool signal_step(const slurm_allocation& allocation, std::string_view step_name, int signal_number) {
  std::string query = "squeue --noheader --steps --jobs=" + shell_quoted(allocation.job_id) + " --format='%i %j'";
  FILE* listing = ::popen(query.c_str(), "r");
  if (listing == nullptr) return false;
  std::string output;
  char chunk[512];
  while (std::size_t got = std::fread(chunk, 1, sizeof chunk, listing)) output.append(chunk, got);
  if (::pclose(listing) != 0) return false;
  std::optional<std::string> step = step_named(output, step_name);
  if (!step) return false;
  std::string cancel = "scancel --signal=" + std::to_string(signal_number) + " " + shell_quoted(*step);
  return std::system(cancel.c_str()) == 0;
}

std::vector<std::string> srun_arguments(const node_plan& plan, const slurm_allocation& allocation,
                                        std::string_view step_name, const std::vector<std::string>& command) {
  const int tasks = static_cast<int>(plan.nodes.size());
  const int nodes = std::min(tasks, allocation.nodes);
  std::vector<std::string> arguments = {"--mpi=pmix",
                                        "--ntasks=" + std::to_string(tasks),
                                        "--nodes=" + std::to_string(nodes),
                                        "--distribution=block",
                                        "--kill-on-bad-exit=1",
                                        "--job-name=" + std::string(step_name)};
  if (allocation.cpus_on_node) {
    const int tasks_per_node = (tasks + nodes - 1) / nodes;
    arguments.push_back("--cpus-per-task=" + std::to_string(std::max(1, *allocation.cpus_on_node / tasks_per_node)));
  }
  arguments.insert(arguments.end(), command.begin(), command.end());
  return arguments;
}

}  // namespace weft::tools
