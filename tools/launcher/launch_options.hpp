// What mpirun was asked to do, as parsed from its command line. Parsing is a pure function of the
// arguments so that every option and every error can be unit-tested without starting a process.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace weft::tools {

// One variable for the program's environment. Without a value (Open MPI's `-x VAR`) the variable is
// passed on as mpirun sees it; on one node it is inherited anyway.
struct env_setting {
  std::string name;
  std::optional<std::string> value;

  bool operator==(const env_setting&) const = default;
};

// One host of --hosts or of a hostfile, with its slots (ranks it takes before the job oversubscribes
// the hosts) when they were given, and the most ranks it may take at all (a hostfile's max_slots=).
struct host_entry {
  std::string name;
  std::optional<int> slots;
  std::optional<int> max_slots = std::nullopt;

  bool operator==(const host_entry&) const = default;
};

// mpirun --gdb: the node process runs under gdb, which stops when these ranks enter main.
struct gdb_request {
  bool every_rank = false;  // --gdb all
  std::vector<int> ranks;   // job ranks, as given

  bool operator==(const gdb_request&) const = default;
};

// Which of mpirun's variables the program gets (hydra's -envall, -envnone, -envlist and their -g forms).
// On this machine a node process inherits them all by default; on another host only Weft's own (WEFT_*,
// FI_*, the sanitizers') and those named with -x, since a remote shell passes nothing of its own accord.
struct environment_passing {
  enum class choice { by_default, all, none, listed };
  choice what = choice::by_default;
  std::vector<std::string> names;  // for `listed`

  bool operator==(const environment_passing&) const = default;
};

// One program of the job and its ranks: the whole job, or one part of an MPMD job (the words between
// ':' on the command line, or a line of -configfile). Parts take consecutive ranks in their order.
struct program_part {
  // Nothing when -n was not given (a job of one part only: the node plan decides).
  std::optional<int> ranks;
  // -x and -env: this part's variables, after the job's.
  std::vector<env_setting> environment;
  std::optional<environment_passing> passing;
  // -wdir: the folder the program starts in (mpirun's own when not given).
  std::optional<std::string> working_directory;
  // The program and its arguments, untouched.
  std::vector<std::string> command;

  bool operator==(const program_part&) const = default;
};

struct launch_options {
  enum class action { run, show_help, show_version };

  action what = action::run;
  // The job's ranks, the sum of its parts'. Nothing when -n was not given: the node plan then gives each
  // node one rank, its slots or -ppn.
  std::optional<int> ranks;
  // --nodes: node processes on this machine.
  std::optional<int> nodes;
  std::optional<int> ranks_per_node;
  // --hosts, in the order given; a hostfile is read only when the job starts.
  std::vector<host_entry> hosts;
  std::optional<std::string> hostfile;
  // The program that starts a node process on another host (hydra's -launcher-exec).
  std::optional<std::string> remote_shell;
  // Hydra's -launcher (-bootstrap): ssh, rsh or pbsdsh reach other hosts through that program, fork starts
  // every node process on this machine whatever host it is named for, slurm insists on srun.
  std::optional<std::string> launcher;
  // Open MPI's --prefix: the folder Weft is installed in on the other hosts, whose bin/ and lib/ go first
  // in the PATH and LD_LIBRARY_PATH of the node processes there.
  std::optional<std::string> remote_prefix;
  // The network interface remote hosts reach mpirun and each other through (hydra's -iface).
  std::optional<std::string> interface;
  std::optional<int> workers;
  // --threads-per-rank (Open MPI's --cpus-per-rank): cores each worker gets for its ranks' threads.
  std::optional<int> threads_per_rank;
  // Kept as typed (e.g. "8M"): the program parses the same syntax from WEFT_STACK_SIZE.
  std::optional<std::string> stack_size;
  std::optional<int> timeout_seconds;
  bool tag_output = false;
  bool report_bindings = false;
  // Patterns of each rank's stdout and stderr files (WEFT_OUTPUT_FILE, WEFT_ERROR_FILE), and whether the
  // terminal gets their lines too: -outfile-pattern, -errfile-pattern, --output-filename.
  std::optional<std::string> output_file;
  std::optional<std::string> error_file;
  bool output_copy = false;
  std::optional<gdb_request> gdb;
  // -genv and its kin: variables and passing for every part (a part's own come after them).
  std::vector<env_setting> environment;
  environment_passing passing;
  // At least one.
  std::vector<program_part> parts;
  // What mpirun accepted and does otherwise than asked (another MPI's option), one line each, said
  // before the job starts.
  std::vector<std::string> notes;
};

// A mistake on the command line. The message names the problem and what to do about it; the caller
// prefixes it with the launcher's name.
struct usage_error {
  std::string message;
};

// mpirun's exit status for a usage error, also used when the program cannot be started at all.
inline constexpr int usage_exit_status = 2;

using parse_result = std::variant<launch_options, usage_error>;

// Reads a file named on the command line (-configfile): its text, or nothing when it cannot be read.
using file_reader = std::function<std::optional<std::string>(const std::string&)>;

// Parses the arguments after argv[0]. Options end at the first word that is not an option (the
// program) or at `--`; a ':' after a program starts the next part of an MPMD job, unless `--` came
// before the program. `read_file` reads -configfile.
parse_result parse_arguments(std::span<const std::string> args, const file_reader& read_file = {});

// MPIEXEC_TIMEOUT, which MPICH's and Open MPI's launchers read too, sets the timeout when the command line
// did not, and not for a debugging session (--gdb): `value` is the variable's value when it is set and not
// empty.
std::optional<usage_error> apply_timeout_variable(launch_options& options, std::optional<std::string_view> value);

// `--help` text; `name` is how the launcher was invoked (mpirun or mpiexec).
std::string usage_text(std::string_view name);

// `--version` text.
std::string version_text(std::string_view name);

}  // namespace weft::tools
