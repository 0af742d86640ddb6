// mpirun and mpiexec: parse the command line, find the program, place the ranks on nodes, run the job.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "batch_allocation.hpp"
#include "gdb_launch.hpp"
#include "host_list.hpp"
#include "job_runner.hpp"
#include "launch_options.hpp"
#include "node_plan.hpp"
#include "option_values.hpp"
#include "program_lookup.hpp"
#include "remote_command.hpp"

namespace {

int usage_failure(std::string_view launcher_name, const weft::tools::usage_error& error) {
  std::fprintf(stderr, "%.*s: %s\n", static_cast<int>(launcher_name.size()), launcher_name.data(),
               error.message.c_str());
  return weft::tools::usage_exit_status;
}

// A file's text, or nothing when it cannot be read.
std::optional<std::string> read_text_file(const std::string& path) {
  std::ifstream file(path);
  if (!file) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

// The program of `part`: found in PATH, or as a path; a relative path with -wdir is relative to that
// folder (as Open MPI finds it) and made absolute, since the process starts there.
std::variant<std::string, weft::tools::usage_error> find_part_program(const weft::tools::program_part& part,
                                                                      std::optional<std::string_view> path) {
  namespace fs = std::filesystem;
  const std::string& name = part.command.front();
  if (!part.working_directory) return weft::tools::find_program(name, path);
  std::error_code error;
  fs::path folder = fs::absolute(*part.working_directory, error);
  if (error || !fs::is_directory(folder, error))
    return weft::tools::usage_error{"-wdir " + weft::tools::quoted(*part.working_directory) +
                                    " is not a folder on this machine; create it or correct the path"};
  if (name.find('/') == std::string::npos || name.starts_with('/')) return weft::tools::find_program(name, path);
  auto found = weft::tools::find_program((folder / name).lexically_normal().string(), path);
  if (const auto* missing = std::get_if<weft::tools::usage_error>(&found))
    return weft::tools::usage_error{missing->message + " (a relative program path is taken from the -wdir folder)"};
  return found;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace weft::tools;
  // Messages carry the name the user typed: mpirun or mpiexec.
  std::string_view launcher_name = argc > 0 ? argv[0] : "mpirun";
  launcher_name.remove_prefix(launcher_name.rfind('/') + 1);

  const std::vector<std::string> args(argv + (argc > 0 ? 1 : 0), argv + argc);
  parse_result parsed = parse_arguments(args, read_text_file);
  if (const auto* error = std::get_if<usage_error>(&parsed)) return usage_failure(launcher_name, *error);
  launch_options& options = std::get<launch_options>(parsed);
  const char* timeout_variable = std::getenv("MPIEXEC_TIMEOUT");
  if (auto error = apply_timeout_variable(options, timeout_variable && *timeout_variable
                                                       ? std::optional<std::string_view>(timeout_variable)
                                                       : std::nullopt))
    return usage_failure(launcher_name, *error);
  const char* prefix_variable = std::getenv("WEFT_PREFIX");
  if (auto error = apply_prefix_defaults(
          options, argc > 0 ? argv[0] : "",
          prefix_variable && *prefix_variable ? std::optional<std::string_view>(prefix_variable) : std::nullopt))
    return usage_failure(launcher_name, *error);

  // A relative output file is mpirun's folder's, whatever folder a part starts in (as Open MPI makes it).
  for (auto* pattern : {&options.output_file, &options.error_file})
    if (*pattern && !pattern->value().starts_with('/'))
      *pattern = (std::filesystem::current_path() / **pattern).string();

  for (const std::string& note : options.notes)
    std::fprintf(stderr, "%.*s: %s\n", static_cast<int>(launcher_name.size()), launcher_name.data(), note.c_str());
  if (options.what == launch_options::action::show_help) {
    std::fputs(usage_text(launcher_name).c_str(), stdout);
    return EXIT_SUCCESS;
  }
  if (options.what == launch_options::action::show_version) {
    std::fputs(version_text(launcher_name).c_str(), stdout);
    return EXIT_SUCCESS;
  }

  const char* path_variable = std::getenv("PATH");
  const std::optional<std::string_view> path =
      path_variable ? std::optional<std::string_view>(path_variable) : std::nullopt;
  std::vector<std::string> programs;
  for (const program_part& part : options.parts) {
    auto program = find_part_program(part, path);
    if (const auto* error = std::get_if<usage_error>(&program)) return usage_failure(launcher_name, *error);
    programs.push_back(std::move(std::get<std::string>(program)));
  }

  // Inside a Slurm allocation a job spans its nodes unless told otherwise, as with Open MPI and MPICH.
  const std::optional<slurm_allocation> allocation =
      current_allocation([](const char* name) -> const char* { return std::getenv(name); });
  const bool own_hosts = !options.hosts.empty() || options.hostfile;
  if (options.launcher == "slurm" && (!allocation || own_hosts))
    return usage_failure(launcher_name,
                         {!allocation ? "-launcher slurm starts the nodes with srun, which needs a Slurm "
                                        "allocation (salloc or sbatch); none is set (SLURM_JOB_ID)"
                                      : "-launcher slurm lets srun place the nodes on the allocation; "
                                        "give no --hosts or --hostfile with it"});
  if (allocation && !own_hosts && allocation->nodes > 1 && options.launcher && options.launcher != "slurm" &&
      options.launcher != "fork")
    return usage_failure(launcher_name, {"-launcher " + *options.launcher +
                                         " inside a Slurm allocation needs the "
                                         "hosts named with --hosts or --hostfile; without them mpirun starts the "
                                         "allocation's nodes with srun (leave out -launcher)"});
  if (allocation && !options.nodes && !options.ranks_per_node && !own_hosts && allocation->nodes > 1 &&
      options.launcher != "fork") {
    // srun starts one program on every task.
    if (options.parts.size() > 1)
      return usage_failure(launcher_name, {"an MPMD job across the nodes of a Slurm allocation is not supported: srun "
                                           "would start one program on all of them; name the hosts with --hosts (and "
                                           "ssh between them), or run the parts as one program that picks its part "
                                           "by rank"});
    options.nodes = allocation->nodes;
  }

  host_list_result hosts = options.hosts;
  if (options.hostfile) hosts = read_hostfile(*options.hostfile);
  // In a PBS, LSF or SGE allocation of several hosts, a job without hosts of its own runs on them.
  else if (!allocation && options.hosts.empty()) {
    auto batch =
        current_batch_allocation([](const char* name) -> const char* { return std::getenv(name); }, read_text_file);
    if (const auto* error = std::get_if<usage_error>(&batch)) return usage_failure(launcher_name, *error);
    if (const auto& found = std::get<std::optional<batch_allocation>>(batch); found && found->hosts.size() > 1)
      hosts = found->hosts;
  }
  if (const auto* error = std::get_if<usage_error>(&hosts)) return usage_failure(launcher_name, *error);
  node_plan_result plan = plan_nodes(options, std::get<std::vector<host_entry>>(hosts));
  if (const auto* error = std::get_if<usage_error>(&plan)) return usage_failure(launcher_name, *error);
  // Hydra's fork launcher: every node process here, under the host names the plan gave them.
  if (options.launcher == "fork") std::get<node_plan>(plan).on_named_hosts = false;
  if (options.gdb) {
    // The node process becomes gdb, which runs the program.
    if (auto error = check_gdb_request(*options.gdb, std::get<node_plan>(plan)))
      return usage_failure(launcher_name, *error);
    auto extension = installed_gdb_extension();
    if (const auto* error = std::get_if<usage_error>(&extension)) return usage_failure(launcher_name, *error);
    auto gdb = find_program("gdb", path);
    if (std::holds_alternative<usage_error>(gdb))
      return usage_failure(launcher_name, {"--gdb runs the job under gdb, which is not in PATH; install gdb or "
                                           "add its folder to PATH"});
    // One node process, so one part.
    program_part& part = options.parts.front();
    part.command = command_under_gdb(*options.gdb, std::get<std::string>(extension), programs.front(), part.command);
    programs.front() = std::get<std::string>(std::move(gdb));
  }
  // srun starts the nodes of an allocation, unless the fork launcher starts them all here.
  return run_job(options, std::get<node_plan>(plan), programs, options.launcher == "fork" ? std::nullopt : allocation,
                 launcher_name);
}
