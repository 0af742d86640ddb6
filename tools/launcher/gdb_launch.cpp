#include "gdb_launch.hpp"

#include <filesystem>
#include <system_error>

#include "option_values.hpp"

namespace weft::tools {
namespace {

// The ranks as gdb's `weft break-main` takes them: "all" or "0,3".
std::string break_main_ranks(const gdb_request& request) {
  if (request.every_rank) return "all";
  std::string list;
  for (int rank : request.ranks) list += (list.empty() ? "" : ",") + std::to_string(rank);
  return list;
}

}  // namespace

std::optional<usage_error> check_gdb_request(const gdb_request& request, const node_plan& plan) {
  if (plan.nodes.size() > 1)
    return usage_error{"--gdb runs one node process under gdb, but this job has " + std::to_string(plan.nodes.size()) +
                       " (--nodes, --hosts, -ppn or the Slurm allocation); run it on one node (--nodes 1), or "
                       "attach gdb to each node process (gdb -p PID) and load weft.py there"};
  if (plan.on_named_hosts)
    return usage_error{
        "--gdb runs the node process on this machine, under gdb at this terminal; leave out "
        "--hosts and --hostfile"};
  for (int rank : request.ranks)
    if (rank >= plan.ranks)
      return usage_error{"--gdb names rank " + std::to_string(rank) + ", but the job has " +
                         std::to_string(plan.ranks) +
                         (plan.ranks == 1 ? " rank (0)" : " ranks (0-" + std::to_string(plan.ranks - 1) + ")") +
                         "; give ranks below " + std::to_string(plan.ranks) + " or raise -n"};
  return std::nullopt;
}

std::vector<std::string> command_under_gdb(const gdb_request& request, std::string_view extension,
                                           const std::string& program_path, std::span<const std::string> command) {
  std::vector<std::string> gdb = {"gdb",    "-q",
                                  "-x",     std::string(extension),
                                  "-ex",    "weft break-main " + break_main_ranks(request),
                                  "-ex",    "run",
                                  "--args", program_path};
  gdb.insert(gdb.end(), command.begin() + 1, command.end());
  return gdb;
}

std::variant<std::string, usage_error> installed_gdb_extension() {
  std::error_code error;
  std::filesystem::path mpirun = std::filesystem::read_symlink("/proc/self/exe", error);
  std::filesystem::path extension = mpirun.parent_path().parent_path() / WEFT_GDB_EXTENSION;
  if (error || !std::filesystem::is_regular_file(extension, error))
    return usage_error{"--gdb loads Weft's gdb extension, but " + tools::quoted(extension.string()) +
                       " is missing; reinstall Weft"};
  return extension.string();
}

}  // namespace weft::tools
