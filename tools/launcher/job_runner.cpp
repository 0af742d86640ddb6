// Starting the node processes, relaying signals to them, enforcing --timeout, ending the job when a node
// fails, and turning the nodes' ends into mpirun's exit status. Signals are read from a signalfd: no
// handlers run, so there is no async-signal-safety to get wrong, and one poll waits for signals, for
// an abort from the PMIx server's thread and for the next deadline.
#include "job_runner.hpp"

#include <limits.h>
#include <poll.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <vector>

#include "cpu_shares.hpp"
#include "job_environment.hpp"
#include "node_processes.hpp"
#include "pmix_server.hpp"
#include "program_lookup.hpp"
#include "remote_command.hpp"
#include "runtime/stop_signal.hpp"
#include "slurm_launch.hpp"

extern char** environ;

namespace weft::tools {
namespace {

using steady = std::chrono::steady_clock;

constexpr int forwarded_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2};

// Time a job being ended gets between SIGTERM and SIGKILL to flush output and end cleanly.
constexpr std::chrono::seconds kill_grace{5};

// When a node fails, how long other failures are gathered before one is reported: a node that dies
// fails its peers' pending PMIx calls, and they may exit before its own end is seen.
constexpr std::chrono::milliseconds failure_settling{200};

// PMIx variables that describe mpirun's host: a node on another host finds its own.
constexpr std::string_view host_bound_pmix_variables[] = {"PMIX_HOSTNAME", "PMIX_SERVER_TMPDIR", "PMIX_SYSTEM_TMPDIR"};

sigset_t watched_signals() {
  sigset_t set;
  sigemptyset(&set);
  for (int signal_number : forwarded_signals) sigaddset(&set, signal_number);
  // SIGCHLD only wakes the wait loop; a blocked signal stays pending even though its default
  // action is to be ignored.
  sigaddset(&set, SIGCHLD);
  return set;
}

// "was killed by signal 9 (SIGKILL: Killed)", with ", core dumped" when it did.
std::string killed_by(int wait_status) {
  int signal_number = WTERMSIG(wait_status);
  const char* abbreviation = ::sigabbrev_np(signal_number);
  return "was killed by signal " + std::to_string(signal_number) + " (SIG" + (abbreviation ? abbreviation : "?") +
         ": " + ::strsignal(signal_number) + ")" + (WCOREDUMP(wait_status) ? ", core dumped" : "");
}

int status_of(int wait_status) {
  return WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : 128 + WTERMSIG(wait_status);
}

std::vector<std::string> environment_snapshot() {
  std::vector<std::string> variables;
  for (char** variable = environ; *variable; ++variable) variables.emplace_back(*variable);
  return variables;
}

std::string current_folder() {
  char folder[PATH_MAX];
  return ::getcwd(folder, sizeof folder) ? folder : ".";
}

// The remote shell -launcher names, or ssh.
std::string remote_launcher(const launch_options& options) {
  bool names_shell = options.launcher && *options.launcher != "fork" && *options.launcher != "slurm";
  return names_shell ? *options.launcher : std::string(default_remote_shell);
}

// The folder `working_directory` names, seen from `folder`.
std::string folder_from(const std::string& folder, const std::string& working_directory) {
  return working_directory.starts_with('/') ? working_directory : folder + "/" + working_directory;
}

std::string this_hostname() {
  char name[HOST_NAME_MAX + 1] = {};
  ::gethostname(name, sizeof name - 1);
  return name;
}

class job {
 public:
  job(const launch_options& options, const node_plan& plan, const std::vector<std::string>& program_paths,
      std::optional<slurm_allocation> allocation, std::string_view launcher_name)
      : options_(options),
        plan_(plan),
        program_paths_(program_paths),
        launcher_name_(launcher_name),
        inherited_(environment_snapshot()),
        hostname_(this_hostname()),
        allocation_(plan.on_named_hosts || plan.nodes.size() == 1 ? std::nullopt : allocation),
        pids_(allocation_ ? 1 : plan.nodes.size(), 0) {}

  int run() {
    const sigset_t watched = watched_signals();
    sigset_t child_mask;
    // Blocked before the PMIx server starts, so that its threads never take these signals either.
    ::sigprocmask(SIG_BLOCK, &watched, &child_mask);
    signals_ = ::signalfd(-1, &watched, SFD_CLOEXEC | SFD_NONBLOCK);
    if (signals_ < 0) {
      say("cannot create a signal descriptor: " + std::string(std::strerror(errno)));
      return usage_exit_status;
    }
    if (!start_nodes(child_mask))
      status_ = usage_exit_status;
    else if (options_.timeout_seconds)
      deadline_ = {steady::now() + std::chrono::seconds(*options_.timeout_seconds), deadline_kind::timeout};
    supervise();
    server_.reset();
    ::close(signals_);
    if (timed_out_) return timeout_exit_status;
    return status_.value_or(0);
  }

 private:
  enum class deadline_kind { timeout, settle, kill };
  struct deadline {
    steady::time_point when;
    deadline_kind kind;
  };

  void say(const std::string& message) const {
    std::fprintf(stderr, "%.*s: %s\n", static_cast<int>(launcher_name_.size()), launcher_name_.data(), message.c_str());
  }

  // Today's job of one process on this machine: no PMIx, and messages name the program.
  bool one_local_process() const { return plan_.nodes.size() == 1 && !is_remote(0); }

  // Part `part`'s command with its program as found.
  std::vector<std::string> program_command(int part) const {
    std::vector<std::string> command = options_.parts[static_cast<std::size_t>(part)].command;
    command.front() = program_paths_[static_cast<std::size_t>(part)];
    return command;
  }

  // One child to supervise, whose end is the job's: the single process, or srun starting all nodes.
  bool one_child() const { return one_local_process() || allocation_; }

  // Whether node `node`'s process has connected to mpirun's PMIx server (so its host was reached).
  bool reached(std::size_t node) const { return server_ != nullptr && server_->has_connected(static_cast<int>(node)); }

  bool is_remote(std::size_t node) const {
    return plan_.on_named_hosts && !is_this_machine(plan_.nodes[node].host, hostname_);
  }

  std::string label(std::size_t node) const {
    if (allocation_) return "srun, which started the " + std::to_string(plan_.nodes.size()) + " node processes,";
    return one_local_process() ? options_.parts.front().command.front()
                               : node_description(plan_, static_cast<int>(node));
  }

  std::size_t running() const {
    return static_cast<std::size_t>(std::count_if(pids_.begin(), pids_.end(), [](pid_t pid) { return pid > 0; }));
  }

  // The CPUs the node processes share when every one of them runs on this machine (at least 1, also when
  // the affinity mask cannot be read), 0 when some run on other hosts (named ones, or a Slurm allocation's).
  std::size_t cpus_here() const {
    bool all_here = !plan_.on_named_hosts && (!allocation_ || allocation_->nodes == 1);
    return all_here ? std::max<std::size_t>(own_cpus().size(), 1) : 0;
  }

  // Inside a Slurm allocation: srun starts the nodes and serves PMIx. False after saying why it could not.
  bool start_through_slurm(const sigset_t& child_mask) {
    auto srun =
        find_program("srun", std::getenv("PATH") ? std::optional<std::string_view>(std::getenv("PATH")) : std::nullopt);
    if (auto* error = std::get_if<usage_error>(&srun)) {
      say("inside a Slurm allocation, nodes are started with srun, but " + error->message);
      return false;
    }
    // One program for every task: main refuses an MPMD job that srun would start.
    std::vector<std::string> command = program_command(0);
    std::vector<std::string> argv = {"srun"};
    for (std::string& argument : srun_arguments(plan_, *allocation_, step_name_of(::getpid()), command))
      argv.push_back(std::move(argument));
    process_launch launch = {
        std::get<std::string>(srun), argv,
        local_environment(options_, 0, inherited_, job_variables(options_, plan_, 0, inherited_, cpus_here()))};
    auto started = start_process(launch, child_mask);
    if (auto* failure = std::get_if<start_failure>(&started)) {
      say("cannot run srun: " + std::string(std::strerror(failure->error)));
      return false;
    }
    pids_[0] = std::get<pid_t>(started);
    return true;
  }

  // Starts every node; false after saying why one could not start (the started ones are being ended).
  bool start_nodes(const sigset_t& child_mask) {
    if (allocation_) return start_through_slurm(child_mask);
    std::string remote_shell;
    for (std::size_t node = 0; node < plan_.nodes.size(); ++node)
      if (is_remote(node) && remote_shell.empty()) {
        auto found =
            find_program(options_.remote_shell.value_or(remote_launcher(options_)),
                         std::getenv("PATH") ? std::optional<std::string_view>(std::getenv("PATH")) : std::nullopt);
        if (auto* error = std::get_if<usage_error>(&found)) {
          say("cannot reach host " + plan_.nodes[node].host + ": the remote shell: " + error->message +
              " (choose it with -launcher-exec)");
          return false;
        }
        remote_shell = std::get<std::string>(found);
      }

    if (plan_.nodes.size() > 1) {
      auto started = pmix_server::start(plan_, {plan_.on_named_hosts, options_.interface});
      if (auto* error = std::get_if<std::string>(&started)) {
        say("cannot start the PMIx server that wires up the nodes: " + *error +
            (options_.interface ? "; check that -iface " + *options_.interface + " names an interface of this machine"
                                : ""));
        return false;
      }
      server_ = std::move(std::get<std::unique_ptr<pmix_server>>(started));
    }

    const std::string folder = current_folder();
    // Several node processes on this machine each get CPUs of their own (see cpu_shares.hpp).
    const std::vector<std::vector<int>> local_cpus = plan_.nodes.size() > 1 && !plan_.on_named_hosts
                                                         ? cpu_shares(own_cpus(), static_cast<int>(plan_.nodes.size()))
                                                         : std::vector<std::vector<int>>(plan_.nodes.size());
    for (std::size_t node = 0; node < plan_.nodes.size(); ++node) {
      const int part = plan_.nodes[node].part;
      std::vector<env_setting> settings = job_variables(options_, plan_, part, inherited_, cpus_here());
      if (server_) {
        auto client = server_->client_environment(static_cast<int>(node));
        if (auto* error = std::get_if<std::string>(&client)) {
          say("cannot register " + label(node) + " with the PMIx server: " + *error);
          end_job();
          return false;
        }
        for (const std::string& assignment : std::get<std::vector<std::string>>(client)) {
          env_setting setting = setting_of(assignment);
          bool host_bound = std::find(std::begin(host_bound_pmix_variables), std::end(host_bound_pmix_variables),
                                      setting.name) != std::end(host_bound_pmix_variables);
          if (!(host_bound && is_remote(node))) settings.push_back(std::move(setting));
        }
      }

      process_launch launch;
      const std::optional<std::string>& working_directory =
          options_.parts[static_cast<std::size_t>(part)].working_directory;
      if (is_remote(node)) {
        launch = {remote_shell,
                  remote_command(remote_shell, plan_.nodes[node].host,
                                 working_directory ? folder_from(folder, *working_directory) : folder,
                                 forwarded_variables(options_, part, inherited_, settings), program_command(part),
                                 options_.remote_prefix),
                  inherited_};
      } else {
        launch = {program_paths_[static_cast<std::size_t>(part)],
                  options_.parts[static_cast<std::size_t>(part)].command,
                  local_environment(options_, part, inherited_, settings)};
        launch.cpus = local_cpus[node];
        launch.working_directory = working_directory.value_or("");
      }

      launch.without_input = node > 0;
      auto started = start_process(launch, child_mask);
      if (auto* failure = std::get_if<start_failure>(&started)) {
        if (is_remote(node))
          say("cannot reach host " + plan_.nodes[node].host + ": cannot run the remote shell '" + remote_shell +
              "': " + std::strerror(failure->error));
        else
          say("cannot run '" + program_paths_[static_cast<std::size_t>(part)] + "': " + std::strerror(failure->error));
        end_job();
        return false;
      }
      pids_[node] = std::get<pid_t>(started);
    }
    return true;
  }

  void supervise() {
    pollfd watched[2] = {{signals_, POLLIN, 0}, {server_ ? server_->abort_descriptor() : -1, POLLIN, 0}};
    while (running() > 0) {
      int wait_ms = -1;
      if (deadline_) {
        auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline_->when - steady::now()).count();
        wait_ms = static_cast<int>(std::max<long long>(left, 0));
      }
      if (::poll(watched, 2, wait_ms) < 0 && errno != EINTR) break;
      // An abort is taken before any node's end: the aborting node exits once PMIx releases it.
      take_abort();
      relay_signals();
      if (deadline_ && steady::now() >= deadline_->when) deadline_passed();
    }
  }

  void take_abort() {
    if (!server_) return;
    auto request = server_->take_abort();
    if (!request || ending_) return;
    // The abort explains the failures gathered so far.
    failures_.clear();
    std::string message =
        node_description(plan_, request->node) + " aborted the job with status " + std::to_string(request->status);
    if (!request->message.empty()) message += ": " + request->message;
    say(message);
    status_ = request->status & 0xff;
    end_job();
  }

  void relay_signals() {
    signalfd_siginfo info;
    while (::read(signals_, &info, sizeof info) == static_cast<ssize_t>(sizeof info)) {
      if (info.ssi_signo == SIGCHLD) {
        reap();
        continue;
      }
      // Signals the kernel raises for a terminal (Ctrl-C, hangup) go to the whole foreground process
      // group, which local node processes share with mpirun: they have them already, and twice would
      // be wrong.
      if (info.ssi_code != SI_KERNEL) forward(static_cast<int>(info.ssi_signo));
    }
  }

  // A signal mpirun was sent, passed on to every node process: by kill() to those it started itself, by
  // its PMIx server to those behind a remote shell (which would only end the shell). A remote node that
  // has not reached mpirun yet can only be stopped through its shell.
  void forward(int signal_number) {
    std::vector<int> behind_shells;
    for (std::size_t node = 0; node < pids_.size(); ++node) {
      if (pids_[node] <= 0) continue;
      if (is_remote(node) && reached(node))
        behind_shells.push_back(static_cast<int>(node));
      else
        ::kill(pids_[node], signal_number);
    }
    if (!behind_shells.empty()) server_->forward_signal(behind_shells, signal_number);
  }

  void reap() {
    int wait_status = 0;
    pid_t pid;
    while ((pid = ::waitpid(-1, &wait_status, WNOHANG)) > 0) {
      auto node = std::find(pids_.begin(), pids_.end(), pid);
      if (node == pids_.end()) continue;
      *node = 0;
      take_abort();
      node_ended(static_cast<std::size_t>(node - pids_.begin()), wait_status);
    }
  }

  void node_ended(std::size_t node, int wait_status) {
    if (one_child()) {
      if (WIFSIGNALED(wait_status) && !timed_out_) say(label(node) + " " + killed_by(wait_status));
      status_ = status_of(wait_status);
      return;
    }
    if (ending_) return;
    bool failed = !(WIFEXITED(wait_status) && WEXITSTATUS(wait_status) == 0);
    if (failed) failures_.push_back({node, wait_status});
    // The last node to end reports a failure still settling, even when it ended well itself: the loop
    // that would meet the settling deadline ends with it.
    if (!failures_.empty() && running() == 0)
      report_failure();
    else if (failed && failures_.size() == 1)
      deadline_ = {steady::now() + failure_settling, deadline_kind::settle};
  }

  // Names the node that most likely failed first, one killed by a signal before one that exited
  // (its peers exit when it vanishes), and ends the job.
  void report_failure() {
    // Through a remote shell a node killed by a signal shows as the shell's status 128 + N, or as ssh's
    // 255 when the program replaced the remote shell: 255 is ssh's own failure only for a node that
    // never reached mpirun.
    auto killed = [this](const node_failure& failure) {
      int status = failure.wait_status;
      return WIFSIGNALED(status) || (is_remote(failure.node) && WEXITSTATUS(status) > 128 &&
                                     (WEXITSTATUS(status) != remote_shell_failure_status || reached(failure.node)));
    };
    auto failed = std::find_if(failures_.begin(), failures_.end(), killed);
    if (failed == failures_.end()) failed = failures_.begin();
    const std::size_t node = failed->node;
    const int wait_status = failed->wait_status;
    failures_.clear();
    std::string what;
    if (WIFSIGNALED(wait_status))
      what = " " + killed_by(wait_status);
    else if (is_remote(node) && WEXITSTATUS(wait_status) == remote_shell_failure_status && reached(node))
      what = " ended on " + plan_.nodes[node].host +
             " with the remote shell's status 255: the program was killed by a signal there, or exited with 255";
    else if (is_remote(node) && WEXITSTATUS(wait_status) == remote_shell_failure_status)
      what = ": the remote shell exited with status 255: it could not reach " + plan_.nodes[node].host +
             " (see its message above), or the program exited with 255 there";
    else
      what = " exited with status " + std::to_string(WEXITSTATUS(wait_status));
    say(label(node) + what + (running() > 0 ? "; ending the job" : ""));
    status_ = status_of(wait_status);
    end_job();
  }

  // SIGTERM to every node still running, SIGKILL after the grace period.
  void end_job() {
    if (ending_) return;
    ending_ = true;
    signal_all(SIGTERM);
    deadline_ = {steady::now() + kill_grace, deadline_kind::kill};
  }

  // The timeout's end_job(): node processes are asked to report where their ranks are before they end
  // (runtime/stop_signal.hpp), those behind a remote shell through the PMIx server as any forwarded
  // signal, Slurm's tasks through scancel (srun would not pass that signal on; it gets SIGTERM if scancel
  // fails).
  void stop_with_report() {
    ending_ = true;
    if (!allocation_)
      forward(runtime::stop_with_report_signal());
    else if (!signal_step(*allocation_, step_name_of(::getpid()), runtime::stop_with_report_signal()))
      signal_all(SIGTERM);
    deadline_ = {steady::now() + kill_grace, deadline_kind::kill};
  }

  void deadline_passed() {
    if (deadline_->kind == deadline_kind::settle) {
      deadline_.reset();
      report_failure();
      return;
    }
    if (deadline_->kind == deadline_kind::kill) {
      signal_all(SIGKILL);
      deadline_.reset();
      return;
    }
    // The timeout: first ask the job to stop, then, after the grace period, make it.
    timed_out_ = true;
    say("the job exceeded its timeout of " + std::to_string(*options_.timeout_seconds) +
        " s; stopping it (each node process reports where its ranks are and ends; SIGKILL after " +
        std::to_string(kill_grace.count()) + " s)");
    stop_with_report();
  }

  void signal_all(int signal_number) {
    for (pid_t pid : pids_)
      if (pid > 0) ::kill(pid, signal_number);
  }

  const launch_options& options_;
  const node_plan& plan_;
  // Each part's program, found in PATH or made absolute when the part has its own working directory.
  const std::vector<std::string>& program_paths_;
  std::string_view launcher_name_;
  const std::vector<std::string> inherited_;
  const std::string hostname_;
  // The allocation whose srun starts the nodes, when the job runs inside one.
  const std::optional<slurm_allocation> allocation_;
  // The node processes' pids (srun's alone, inside an allocation), 0 once ended (or never started).
  std::vector<pid_t> pids_;
  std::unique_ptr<pmix_server> server_;
  int signals_ = -1;
  std::optional<deadline> deadline_;
  struct node_failure {
    std::size_t node;
    int wait_status;
  };
  // Failures seen while settling, in the order the nodes ended.
  std::vector<node_failure> failures_;
  std::optional<int> status_;
  bool ending_ = false;
  bool timed_out_ = false;
};

}  // namespace

int run_job(const launch_options& options, const node_plan& plan, const std::vector<std::string>& program_paths,
            std::optional<slurm_allocation> allocation, std::string_view launcher_name) {
  return job(options, plan, program_paths, allocation, launcher_name).run();
}

}  // namespace weft::tools
