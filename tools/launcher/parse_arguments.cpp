// mpirun's command line: Open MPI and MPICH spellings of the options people already type, checked
// here so that a mistake is reported before anything runs.
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "host_list.hpp"
#include "launch_options.hpp"
#include "option_values.hpp"
#include "runtime/output_file_pattern.hpp"

namespace weft::tools {
namespace {

enum class option {
  ranks,
  nodes,
  ranks_per_node,
  hosts,
  hostfile,
  remote_shell,
  launcher,
  remote_prefix,
  interface,
  export_env,
  set_env,
  set_job_env,
  pass_environment,
  pass_job_environment,
  working_directory,
  configfile,
  workers,
  threads_per_rank,
  stack_size,
  timeout,
  tag_output,
  report_bindings,
  output_directory,
  output_pattern,
  error_pattern,
  gdb,
  ignored,
  mca,
  placement,
  help,
  version
};

struct option_name {
  std::string_view name;
  option id;
};

// Names without their dashes: Open MPI and MPICH both accept long names after one dash (-np, -env,
// -oversubscribe), so -np, --np, -workers and --workers are all the same option.
constexpr option_name option_names[] = {
    {"n", option::ranks},
    {"np", option::ranks},
    {"nodes", option::nodes},
    {"ppn", option::ranks_per_node},
    {"ranks-per-node", option::ranks_per_node},
    {"npernode", option::ranks_per_node},
    {"hosts", option::hosts},
    {"host", option::hosts},
    {"H", option::hosts},
    {"hostfile", option::hostfile},
    {"machinefile", option::hostfile},
    {"f", option::hostfile},
    {"launcher-exec", option::remote_shell},
    {"bootstrap-exec", option::remote_shell},  // hydra's older name
    {"launcher", option::launcher},
    {"prefix", option::remote_prefix},  // Open MPI
    {"bootstrap", option::launcher},
    {"iface", option::interface},
    {"x", option::export_env},
    {"env", option::set_env},
    {"genv", option::set_job_env},
    {"envall", option::pass_environment},
    {"envnone", option::pass_environment},
    {"envlist", option::pass_environment},
    {"genvall", option::pass_job_environment},
    {"genvnone", option::pass_job_environment},
    {"genvlist", option::pass_job_environment},
    {"wdir", option::working_directory},
    {"wd", option::working_directory},  // Open MPI
    {"configfile", option::configfile},
    {"workers", option::workers},
    {"threads-per-rank", option::threads_per_rank},
    {"cpus-per-rank", option::threads_per_rank},  // Open MPI
    {"cpus-per-proc", option::threads_per_rank},  // Open MPI
    {"stack-size", option::stack_size},
    {"timeout", option::timeout},
    {"tag-output", option::tag_output},
    {"l", option::tag_output},             // MPICH
    {"prepend-rank", option::tag_output},  // MPICH
    {"report-bindings", option::report_bindings},
    {"output-filename", option::output_directory},  // Open MPI
    {"outfile-pattern", option::output_pattern},    // MPICH
    {"errfile-pattern", option::error_pattern},     // MPICH
    {"gdb", option::gdb},
    // Every Weft job may oversubscribe and root is no different from any user; people type these
    // out of habit, so they are accepted and have no effect.
    {"oversubscribe", option::ignored},
    {"allow-run-as-root", option::ignored},
    // mpirun prints nothing but errors and the notes below anyway.
    {"q", option::ignored},
    {"quiet", option::ignored},
    // Open MPI's component parameters, and placement that Weft does its own way: accepted, with a note of
    // what Weft does instead, so that a job script written for another MPI runs unchanged.
    {"mca", option::mca},
    {"gmca", option::mca},
    {"bind-to", option::placement},
    {"map-by", option::placement},
    {"h", option::help},
    {"help", option::help},
    {"version", option::version},
};

// Thrown inside this file only; parse_arguments turns it into its result.
struct parse_failure {
  std::string message;
};

std::optional<option> find_option(std::string_view name) {
  for (const auto& [known, id] : option_names)
    if (known == name) return id;
  return std::nullopt;
}

// A positive byte count with an optional K, M or G suffix (powers of 1024), as the program's
// WEFT_STACK_SIZE accepts it.
bool valid_size(std::string_view text) {
  std::uint64_t multiplier = 1;
  if (!text.empty()) {
    switch (text.back()) {
      case 'K':
      case 'k':
        multiplier = std::uint64_t{1} << 10;
        break;
      case 'M':
      case 'm':
        multiplier = std::uint64_t{1} << 20;
        break;
      case 'G':
      case 'g':
        multiplier = std::uint64_t{1} << 30;
        break;
      default:
        break;
    }
  }
  if (multiplier != 1) text.remove_suffix(1);
  std::uint64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() && !text.empty() && value > 0 &&
         value <= std::numeric_limits<std::uint64_t>::max() / multiplier;
}

// The words of a -configfile: each line not empty and not starting with '#' is one part of the job, its
// words split at blanks, with '...' and "..." keeping blanks inside a word; the parts are joined with ':'
// as on the command line.
std::vector<std::string> configfile_words(std::string_view text, std::string_view path) {
  std::vector<std::string> words;
  for (std::size_t line_start = 0, line_number = 1; line_start < text.size(); ++line_number) {
    std::size_t line_end = std::min(text.find('\n', line_start), text.size());
    std::string_view line = text.substr(line_start, line_end - line_start);
    line_start = line_end + 1;
    std::size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos || line[first] == '#') continue;
    if (!words.empty()) words.emplace_back(":");
    std::optional<std::string> word;
    char quote = 0;
    for (char c : line) {
      if (quote != 0 && c == quote)
        quote = 0;
      else if (quote == 0 && (c == '\'' || c == '"')) {
        quote = c;
        word = word.value_or("");  // '' is a word, if empty
      } else if (quote == 0 && (c == ' ' || c == '\t' || c == '\r')) {
        if (word) words.push_back(std::move(*std::exchange(word, std::nullopt)));
      } else
        word = word.value_or("") + c;
    }
    if (quote != 0)
      throw parse_failure{"line " + std::to_string(line_number) + " of the configfile " + quoted(path) +
                          " has an unclosed " + std::string(1, quote) + "; close it or remove it"};
    if (word) words.push_back(std::move(*word));
  }
  return words;
}

class parser {
 public:
  parser(std::span<const std::string> args, const file_reader& read_file) : args_(args), read_file_(read_file) {}

  launch_options parse() {
    launch_options result;
    for (;;) {
      program_part part;
      bool options_ended = false;
      while (next_ < args_.size()) {
        const std::string& word = args_[next_];
        if (word == "--") {
          ++next_;
          options_ended = true;
          break;
        }
        // The first word that is not an option is the program; "-" alone is not an option either.
        if (word.size() < 2 || word[0] != '-') break;
        ++next_;
        if (apply_option(word, result, part)) return result;
      }
      // After --, ':' is the program's own argument (as -- lets a program's name start with '-').
      auto end =
          options_ended ? args_.end() : std::find(args_.begin() + static_cast<std::ptrdiff_t>(next_), args_.end(), ":");
      part.command.assign(args_.begin() + static_cast<std::ptrdiff_t>(next_), end);
      if (part.command.empty())
        throw parse_failure{result.parts.empty()
                                ? "no program to run; name it after the options, e.g. -n 4 ./my_program"
                                : "part " + std::to_string(result.parts.size() + 1) + " of the MPMD job " +
                                      "has no program; each part names its program after its options, e.g. "
                                      "-n 2 ./a : -n 3 ./b"};
      result.parts.push_back(std::move(part));
      next_ = static_cast<std::size_t>(end - args_.begin());
      if (next_ == args_.size()) break;
      ++next_;  // the ':'
    }
    count_ranks(result);
    check_combinations(result);
    return result;
  }

 private:
  // The job's rank count: a part's -n, or the sum of an MPMD job's parts', each of which needs its own.
  static void count_ranks(launch_options& result) {
    if (result.parts.size() == 1) {
      result.ranks = result.parts.front().ranks;
      return;
    }
    long long total = 0;
    for (std::size_t index = 0; index < result.parts.size(); ++index) {
      const program_part& part = result.parts[index];
      if (!part.ranks)
        throw parse_failure{"part " + std::to_string(index + 1) + " of the MPMD job (" + quoted(part.command.front()) +
                            ") does not say how many ranks run it; give each part its -n, e.g. -n 2 ./a : -n 3 ./b"};
      total += *part.ranks;
    }
    if (total > std::numeric_limits<int>::max())
      throw parse_failure{"the parts of the MPMD job add up to " + std::to_string(total) + " ranks, more than " +
                          std::to_string(std::numeric_limits<int>::max()) + "; give fewer with -n"};
    result.ranks = static_cast<int>(total);
  }

  // Options a part after the first may give: the rest are the whole job's, given once before the first
  // program, so that no part's option silently changes another's.
  static bool belongs_to_part(option id) {
    return id == option::ranks || id == option::export_env || id == option::set_env || id == option::pass_environment ||
           id == option::working_directory;
  }

  // hydra's -envall/-envnone/-envlist VAR,... (and their -g forms) as a choice.
  environment_passing passing_value(std::string_view name) {
    if (name.ends_with("all")) return {environment_passing::choice::all, {}};
    if (name.ends_with("none")) return {environment_passing::choice::none, {}};
    std::string text = value("variable names separated by commas, e.g. -" + std::string(name) + " PATH,HOME");
    environment_passing listed{environment_passing::choice::listed, {}};
    for (std::string_view variable : comma_separated(text)) {
      if (variable.empty() || variable.find('=') != std::string_view::npos)
        throw parse_failure{"invalid variable name " + quoted(variable) + " for " + quoted(spelled_) +
                            "; give variable names separated by commas, e.g. -" + std::string(name) + " PATH,HOME"};
      listed.names.emplace_back(variable);
    }
    return listed;
  }

  // -configfile: its lines are the parts of the job, in place of programs on the command line.
  void switch_to_configfile(const launch_options& result, const program_part& part) {
    std::string path = value("the file whose lines are the parts of an MPMD job, e.g. -configfile parts.txt");
    if (next_ != args_.size())
      throw parse_failure{"-configfile names the programs of the job, so nothing may follow it (found " +
                          quoted(args_[next_]) +
                          "); put the job's other options before it and the parts' "
                          "own options in the file's lines"};
    if (!result.parts.empty() || part != program_part{})
      throw parse_failure{
          "-configfile gives all the parts of the job; give -n, -env and -wdir in its lines, not "
          "before it, and no program on the command line"};
    std::optional<std::string> text = read_file_ ? read_file_(path) : std::nullopt;
    if (!text) throw parse_failure{"cannot read the configfile " + quoted(path) + "; check its path"};
    configfile_words_ = configfile_words(*text, path);
    if (configfile_words_.empty())
      throw parse_failure{"the configfile " + quoted(path) +
                          " names no program; write one part of the job a "
                          "line, e.g. -n 2 ./a"};
    args_ = configfile_words_;
    next_ = 0;
  }

  // Applies one option to `result`; returns true when parsing is over (--help, --version).
  bool apply_option(std::string_view word, launch_options& result, program_part& part) {
    std::string_view spelled = word;
    inline_value_.reset();
    // --name=value is the GNU long-option form; single-dash names keep their '=' (as in Open MPI).
    if (word.starts_with("--")) {
      if (auto equals = word.find('='); equals != std::string_view::npos) {
        spelled = word.substr(0, equals);
        inline_value_ = std::string(word.substr(equals + 1));
      }
    }
    std::string_view name = spelled.substr(spelled.starts_with("--") ? 2 : 1);
    auto id = find_option(name);
    if (!id)
      throw parse_failure{"unknown option " + quoted(spelled) +
                          "; see --help for the options, or put -- before a program whose name "
                          "starts with '-'"};
    spelled_ = spelled;
    if (!result.parts.empty() && !belongs_to_part(*id))
      throw parse_failure{"option " + quoted(spelled) +
                          " applies to the whole job; give it before the first "
                          "program (the parts of an MPMD job take only -n, -x, -env, -envall, -envnone, "
                          "-envlist and -wdir)"};

    switch (*id) {
      case option::ranks:
        part.ranks = count_value("the number of ranks, e.g. -n 4", "number of ranks");
        break;
      case option::nodes:
        result.nodes = count_value("the number of node processes, e.g. --nodes 2", "number of nodes");
        break;
      case option::ranks_per_node:
        result.ranks_per_node =
            count_value("the number of ranks on each node, e.g. -ppn 4", "number of ranks per node");
        break;
      case option::hosts: {
        std::string text = value("hosts separated by commas, each with an optional :slots, e.g. --hosts a,b:4");
        auto hosts = parse_host_list(text, spelled_);
        if (auto* error = std::get_if<usage_error>(&hosts)) throw parse_failure{error->message};
        auto& listed = std::get<std::vector<host_entry>>(hosts);
        result.hosts.insert(result.hosts.end(), listed.begin(), listed.end());
        break;
      }
      case option::hostfile:
        result.hostfile = value("the file that lists the hosts, e.g. --hostfile hosts.txt");
        break;
      case option::remote_shell:
        result.remote_shell = named_value("a program", "ssh");
        break;
      case option::launcher: {
        std::string how = named_value("a launcher", "ssh");
        constexpr std::string_view known[] = {"ssh", "rsh", "pbsdsh", "fork", "slurm"};
        if (std::ranges::find(known, how) == std::end(known))
          throw parse_failure{"launcher " + quoted(how) + " for " + quoted(spelled_) +
                              " is not one Weft's mpirun "
                              "has; it takes ssh, rsh, pbsdsh (remote shells; -launcher-exec names another), fork "
                              "(every node process on this machine) and slurm (srun, inside an allocation)"};
        result.launcher = how;
        break;
      }
      case option::remote_prefix:
        result.remote_prefix = named_value("the folder Weft is installed in on the other hosts", "/opt/weft");
        if (!result.remote_prefix->starts_with('/'))
          throw parse_failure{"--prefix " + quoted(*result.remote_prefix) +
                              " must be an absolute path, as it is "
                              "taken on the other hosts; e.g. --prefix /opt/weft"};
        break;
      case option::interface:
        result.interface = named_value("a network interface", "eth0");
        break;
      case option::workers:
        result.workers = count_value("the number of worker threads, e.g. --workers 2", "number of workers");
        break;
      case option::threads_per_rank:
        result.threads_per_rank =
            count_value("the number of threads each rank runs, e.g. --threads-per-rank 4", "threads per rank");
        break;
      case option::stack_size: {
        std::string text = value("the stack size of each rank, e.g. --stack-size 8M");
        if (!valid_size(text))
          throw parse_failure{"invalid stack size " + quoted(text) + " for " + quoted(spelled_) +
                              "; give a positive number of bytes with an optional K, M or G suffix, "
                              "e.g. 8M"};
        result.stack_size = text;
        break;
      }
      case option::timeout:
        result.timeout_seconds =
            count_value("a number of seconds, e.g. --timeout 60", "timeout", "a whole number of seconds");
        break;
      case option::export_env: {
        std::string text = value("VAR or VAR=VALUE, e.g. -x OMP_NUM_THREADS=4");
        auto equals = text.find('=');
        if (equals == 0 || text.empty())
          throw parse_failure{"option " + quoted(spelled_) + " needs a variable name, e.g. " + std::string(spelled_) +
                              " OMP_NUM_THREADS=4"};
        if (equals == std::string::npos)
          part.environment.push_back({text, std::nullopt});
        else
          part.environment.push_back({text.substr(0, equals), text.substr(equals + 1)});
        break;
      }
      case option::set_env:
        part.environment.push_back(variable_and_value());
        break;
      case option::set_job_env:
        result.environment.push_back(variable_and_value());
        break;
      case option::pass_environment:
        part.passing = passing_value(name);
        break;
      case option::pass_job_environment:
        result.passing = passing_value(name.substr(1));
        break;
      case option::working_directory:
        part.working_directory = named_value("a folder", "/scratch/run1");
        break;
      case option::configfile:
        switch_to_configfile(result, part);
        break;
      case option::tag_output:
        refuse_inline_value("takes no value");
        result.tag_output = true;
        break;
      case option::report_bindings:
        refuse_inline_value("takes no value");
        result.report_bindings = true;
        break;
      case option::output_directory: {
        // Open MPI 4's layout, DIR/1/rank.N/stdout and stderr, N filled with zeros; the terminal gets the
        // lines too unless :nocopy (:nojobid leaves out the job's folder).
        std::string text = named_value("a folder for the ranks' output files", "out");
        std::size_t colon = text.rfind(':');
        std::string folder = text.substr(0, colon);
        std::string job = "/1";
        result.output_copy = true;
        if (colon != std::string::npos)
          for (std::string_view flag : comma_separated(std::string_view(text).substr(colon + 1))) {
            if (flag == "nojobid")
              job.clear();
            else if (flag == "nocopy")
              result.output_copy = false;
            else
              throw parse_failure{"unknown flag " + quoted(flag) + " of " + quoted(spelled_) +
                                  "; it takes nojobid and nocopy, e.g. " + std::string(spelled_) + " out:nocopy"};
          }
        if (folder.empty())
          throw parse_failure{"option " + quoted(spelled_) + " needs a folder before its flags, e.g. " +
                              std::string(spelled_) + " out:nocopy"};
        result.output_file = folder + job + "/rank.%R/stdout";
        result.error_file = folder + job + "/rank.%R/stderr";
        break;
      }
      case option::output_pattern:
        result.output_file = file_pattern();
        break;
      case option::error_pattern:
        result.error_file = file_pattern();
        break;
      case option::gdb:
        result.gdb = gdb_ranks(value("the ranks to stop in main, e.g. --gdb 0,3, or --gdb all"));
        break;
      case option::ignored:
        refuse_inline_value("takes no value");
        break;
      case option::mca: {
        auto [key, setting] = two_values("KEY VALUE", "the parameter and its value", "btl self,vader");
        add_note(result,
                 "--mca " + key + " " + setting +
                     ": Open MPI's component parameters "
                     "mean nothing to Weft; ignored (Weft's settings are the WEFT_* variables, weft-info --config)");
        break;
      }
      case option::placement: {
        std::string how = value("a placement, e.g. " + std::string(spelled_) + " core");
        if (name == "map-by" && apply_ranks_per_node(how, result)) break;
        add_note(result, "--" + std::string(name) + " " + how +
                             ": ignored; Weft pins each worker thread to its own "
                             "cores and runs the ranks on them as fibers (--workers and --threads-per-rank shape that, "
                             "--report-bindings shows it)");
        break;
      }
      case option::help:
        result.what = launch_options::action::show_help;
        return true;
      case option::version:
        result.what = launch_options::action::show_version;
        return true;
    }
    return false;
  }

  // -outfile-pattern, -errfile-pattern: a path with %r for the rank.
  std::string file_pattern() {
    std::string pattern = named_value("a file name pattern", "out.%r");
    if (auto error = runtime::file_pattern_error(pattern))
      throw parse_failure{"invalid file pattern " + quoted(pattern) + " for " + quoted(spelled_) + ": " + *error};
    return pattern;
  }

  // Open MPI's --map-by ppr:N:node[:pe=T]: N ranks a node (-ppn N), each with T cores for its threads
  // (--threads-per-rank T); false for the other placements, which Weft makes its own way.
  bool apply_ranks_per_node(std::string_view how, launch_options& result) {
    if (!how.starts_with("ppr:")) return false;
    std::string_view rest = how.substr(4);
    std::string_view count = rest.substr(0, rest.find(':'));
    rest.remove_prefix(std::min(rest.size(), count.size() + 1));
    std::string_view resource = rest.substr(0, rest.find(':'));
    rest.remove_prefix(std::min(rest.size(), resource.size() + 1));
    if (resource != "node") return false;
    auto per_node = positive_int(count);
    std::optional<int> threads;
    if (!rest.empty() && (!rest.starts_with("pe=") || !(threads = positive_int(rest.substr(3)))))
      throw parse_failure{"cannot read " + quoted(how) + " for " + quoted(spelled_) +
                          "; write ppr:N:node or ppr:N:node:pe=T with whole numbers of at least 1"};
    if (!per_node)
      throw parse_failure{"invalid number of ranks per node " + quoted(count) + " in " + quoted(how) + " for " +
                          quoted(spelled_) + "; give a whole number of at least 1, e.g. ppr:2:node"};
    if (!result.ranks_per_node) result.ranks_per_node = *per_node;
    if (threads && !result.threads_per_rank) result.threads_per_rank = *threads;
    return true;
  }

  // The two words after an option that takes two (-env VAR VALUE, --mca KEY VALUE): `form` and `what` name
  // them, `example` shows them.
  std::pair<std::string, std::string> two_values(std::string_view form, std::string_view what,
                                                 std::string_view example) {
    refuse_inline_value("takes two values: " + std::string(spelled_) + " " + std::string(form));
    if (args_.size() - next_ < 2)
      throw parse_failure{"option " + quoted(spelled_) + " needs two values, " + std::string(what) + ", e.g. " +
                          std::string(spelled_) + " " + std::string(example)};
    next_ += 2;
    return {args_[next_ - 2], args_[next_ - 1]};
  }

  // -env VAR VALUE, -genv VAR VALUE.
  env_setting variable_and_value() {
    auto [variable, variable_value] = two_values("VAR VALUE", "the variable and its value", "OMP_NUM_THREADS 4");
    if (variable.empty() || variable.find('=') != std::string::npos)
      throw parse_failure{"invalid variable name " + quoted(variable) + " for " + quoted(spelled_) +
                          "; the name comes first and the value second, e.g. " + std::string(spelled_) +
                          " OMP_NUM_THREADS 4"};
    return {variable, variable_value};
  }

  // "all", or job ranks separated by commas.
  gdb_request gdb_ranks(const std::string& text) const {
    if (text == "all") return {true, {}};
    gdb_request request;
    for (std::string_view word : comma_separated(text)) {
      int rank = -1;
      auto [last, error] = std::from_chars(word.data(), word.data() + word.size(), rank);
      if (error != std::errc() || last != word.data() + word.size() || word.empty() || rank < 0)
        throw parse_failure{"invalid rank " + quoted(word) + " for " + quoted(spelled_) +
                            "; give job ranks separated by commas, e.g. --gdb 0,3, or --gdb all"};
      request.ranks.push_back(rank);
    }
    return request;
  }

  // A note for the user, once however often its option is given.
  static void add_note(launch_options& result, std::string note) {
    if (std::ranges::find(result.notes, note) == result.notes.end()) result.notes.push_back(std::move(note));
  }

  // Options that only make sense together, checked once the whole command line is known.
  static void check_combinations(const launch_options& result) {
    if (result.gdb && result.timeout_seconds)
      throw parse_failure{"--timeout would end the gdb session of --gdb; give only one of them"};
    if (!result.hosts.empty() && result.hostfile)
      throw parse_failure{"both --hosts and --hostfile name the hosts; give only one of them"};
  }

  // The option's value as a whole number of at least 1; `what` names it in the message.
  int count_value(std::string_view wanted, std::string_view what, std::string_view kind = "a whole number") {
    std::string text = value(wanted);
    auto count = positive_int(text);
    if (!count)
      throw parse_failure{"invalid " + std::string(what) + " " + quoted(text) + " for " + quoted(spelled_) + "; give " +
                          std::string(kind) + " of at least 1"};
    return *count;
  }

  // The option's value, which must not be empty: `what` it names, with an example.
  std::string named_value(std::string_view what, std::string_view example) {
    std::string text = value(std::string(what) + ", e.g. " + std::string(spelled_) + " " + std::string(example));
    if (text.empty())
      throw parse_failure{"option " + quoted(spelled_) + " needs " + std::string(what) + ", e.g. " +
                          std::string(spelled_) + " " + std::string(example)};
    return text;
  }

  // The option's value: the part after '=' or else the next word. `wanted` tells the user what to add.
  std::string value(std::string_view wanted) {
    if (inline_value_) return *std::exchange(inline_value_, std::nullopt);
    if (next_ == args_.size())
      throw parse_failure{"option " + quoted(spelled_) + " needs a value: " + std::string(wanted)};
    return args_[next_++];
  }

  void refuse_inline_value(const std::string& why) {
    if (inline_value_) throw parse_failure{"option " + quoted(spelled_) + " " + why};
  }

  std::span<const std::string> args_;
  const file_reader& read_file_;
  // The words of -configfile, which args_ then spans.
  std::vector<std::string> configfile_words_;
  std::size_t next_ = 0;
  std::string_view spelled_;
  std::optional<std::string> inline_value_;
};

}  // namespace

std::optional<usage_error> apply_timeout_variable(launch_options& options, std::optional<std::string_view> value) {
  if (options.timeout_seconds || options.gdb || !value) return std::nullopt;
  auto seconds = positive_int(*value);
  if (!seconds)
    return usage_error{"invalid MPIEXEC_TIMEOUT " + quoted(*value) +
                       " in the environment; give a whole number of seconds of at least 1, or unset it"};
  options.timeout_seconds = *seconds;
  return std::nullopt;
}

parse_result parse_arguments(std::span<const std::string> args, const file_reader& read_file) {
  try {
    return parser(args, read_file).parse();
  } catch (const parse_failure& failure) {
    return usage_error{failure.message};
  }
}

}  // namespace weft::tools
