// Starting the program, relaying signals to it, enforcing --timeout and turning its end into mpirun's
// exit status. All signals are taken synchronously with sigtimedwait: no handlers run, so there is no
// async-signal-safety to get wrong and the timeout needs no timer.
#include "job_runner.hpp"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <vector>

namespace weft::tools {
namespace {

using steady = std::chrono::steady_clock;

constexpr int forwarded_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2};

// Time a timed-out job gets between SIGTERM and SIGKILL to flush output and end cleanly.
constexpr std::chrono::seconds kill_grace{5};

// The environment is set in mpirun itself before fork: mpirun is single-threaded and does not read
// these variables, and the child then simply inherits them.
void export_job_environment(const launch_options &options) {
  // `-x VAR` without a value needs nothing: the program inherits VAR from mpirun.
  for (const env_setting &setting : options.environment)
    if (setting.value)
      ::setenv(setting.name.c_str(), setting.value->c_str(), 1);
  // Weft's own variables come last so that -n and friends win over a stray -x WEFT_NRANKS=...
  ::setenv("WEFT_NRANKS", std::to_string(options.ranks).c_str(), 1);
  if (options.workers)
    ::setenv("WEFT_WORKERS", std::to_string(*options.workers).c_str(), 1);
  if (options.stack_size)
    ::setenv("WEFT_STACK_SIZE", options.stack_size->c_str(), 1);
  if (options.tag_output)
    ::setenv("WEFT_TAG_OUTPUT", "1", 1);
  if (options.report_bindings)
    ::setenv("WEFT_REPORT_BINDINGS", "1", 1);
}

sigset_t watched_signals() {
  sigset_t set;
  sigemptyset(&set);
  for (int signal_number : forwarded_signals)
    sigaddset(&set, signal_number);
  // SIGCHLD only wakes the wait loop; a blocked signal stays pending even though its default
  // action is to be ignored.
  sigaddset(&set, SIGCHLD);
  return set;
}

// Forks and execs the program. A close-on-exec pipe reports a failed exec back to the parent, so
// that the failure is an mpirun error and not a child exit status mistaken for the program's own.
// Returns the child's pid, or -1 after printing why the program could not be started.
pid_t start_program(const launch_options &options, const std::string &program_path,
                    const sigset_t &parent_mask, std::string_view launcher_name) {
  std::vector<char *> argv;
  for (const std::string &word : options.command)
    argv.push_back(const_cast<char *>(word.c_str()));
  argv.push_back(nullptr);

  int exec_report[2];
  if (::pipe2(exec_report, O_CLOEXEC) != 0) {
    std::fprintf(stderr, "%.*s: cannot create a pipe: %s\n", static_cast<int>(launcher_name.size()),
                 launcher_name.data(), std::strerror(errno));
    return -1;
  }
  pid_t parent = ::getpid();
  pid_t child = ::fork();
  if (child == 0) {
    ::close(exec_report[0]);
    // If mpirun dies without a chance to forward anything (SIGKILL from a batch system), the job must
    // not live on unsupervised.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent)
      ::_exit(EXIT_FAILURE);
    ::sigprocmask(SIG_SETMASK, &parent_mask, nullptr);
    ::execv(program_path.c_str(), argv.data());
    int error = errno;
    [[maybe_unused]] auto written = ::write(exec_report[1], &error, sizeof error);
    ::_exit(EXIT_FAILURE);
  }
  ::close(exec_report[1]);
  if (child < 0) {
    std::fprintf(stderr, "%.*s: cannot start a process: %s\n", static_cast<int>(launcher_name.size()),
                 launcher_name.data(), std::strerror(errno));
    ::close(exec_report[0]);
    return -1;
  }

  int exec_error = 0;
  ssize_t got;
  do
    got = ::read(exec_report[0], &exec_error, sizeof exec_error);
  while (got < 0 && errno == EINTR);
  ::close(exec_report[0]);
  if (got > 0) {
    ::waitpid(child, nullptr, 0);
    std::fprintf(stderr, "%.*s: cannot run '%s': %s\n", static_cast<int>(launcher_name.size()),
                 launcher_name.data(), program_path.c_str(), std::strerror(exec_error));
    return -1;
  }
  return child;
}

// Turns how the program ended into mpirun's exit status, with one line when a signal killed it.
int exit_status_of(int wait_status, const launch_options &options, std::string_view launcher_name) {
  if (WIFEXITED(wait_status))
    return WEXITSTATUS(wait_status);
  int signal_number = WTERMSIG(wait_status);
  const char *abbreviation = ::sigabbrev_np(signal_number);
  std::fprintf(stderr, "%.*s: %s was killed by signal %d (SIG%s: %s)%s\n",
               static_cast<int>(launcher_name.size()), launcher_name.data(),
               options.command.front().c_str(), signal_number, abbreviation ? abbreviation : "?",
               ::strsignal(signal_number), WCOREDUMP(wait_status) ? ", core dumped" : "");
  return 128 + signal_number;
}

} // namespace

int run_job(const launch_options &options, const std::string &program_path,
            std::string_view launcher_name) {
  export_job_environment(options);

  const sigset_t watched = watched_signals();
  sigset_t parent_mask;
  ::sigprocmask(SIG_BLOCK, &watched, &parent_mask);

  pid_t child = start_program(options, program_path, parent_mask, launcher_name);
  if (child < 0)
    return usage_exit_status;

  std::optional<steady::time_point> deadline;
  if (options.timeout_seconds)
    deadline = steady::now() + std::chrono::seconds(*options.timeout_seconds);
  bool timed_out = false;

  for (;;) {
    int wait_status = 0;
    if (::waitpid(child, &wait_status, WNOHANG) == child) {
      if (timed_out)
        return timeout_exit_status;
      return exit_status_of(wait_status, options, launcher_name);
    }

    siginfo_t info{};
    int signal_number;
    if (deadline) {
      auto left = std::chrono::duration_cast<std::chrono::nanoseconds>(*deadline - steady::now());
      if (left.count() < 0)
        left = std::chrono::nanoseconds(0);
      timespec wait_for{static_cast<time_t>(left.count() / 1'000'000'000),
                        static_cast<long>(left.count() % 1'000'000'000)};
      signal_number = ::sigtimedwait(&watched, &info, &wait_for);
    } else {
      signal_number = ::sigwaitinfo(&watched, &info);
    }

    if (signal_number < 0) {
      if (errno != EAGAIN)
        continue;
      // The deadline passed: first ask the job to stop, then, after the grace period, make it.
      if (!timed_out) {
        timed_out = true;
        std::fprintf(stderr,
                     "%.*s: the job exceeded its timeout of %d s; stopping it (SIGTERM, then SIGKILL "
                     "after %lld s)\n",
                     static_cast<int>(launcher_name.size()), launcher_name.data(),
                     *options.timeout_seconds, static_cast<long long>(kill_grace.count()));
        ::kill(child, SIGTERM);
        deadline = steady::now() + kill_grace;
      } else {
        ::kill(child, SIGKILL);
        deadline.reset();
      }
      continue;
    }
    // Signals the kernel raises for a terminal (Ctrl-C, hangup) go to the whole foreground process
    // group, which the program shares with mpirun: it has them already, and twice would be wrong.
    if (signal_number != SIGCHLD && info.si_code != SI_KERNEL)
      ::kill(child, signal_number);
  }
}

} // namespace weft::tools
