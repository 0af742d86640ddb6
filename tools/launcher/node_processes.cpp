#include "node_processes.hpp"

#include <fcntl.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

namespace weft::tools {
namespace {

// The pointers execve takes; the strings stay owned by `words`.
std::vector<char*> pointers_to(const std::vector<std::string>& words) {
  std::vector<char*> pointers;
  for (const std::string& word : words) pointers.push_back(const_cast<char*>(word.c_str()));
  pointers.push_back(nullptr);
  return pointers;
}

}  // namespace

std::variant<pid_t, start_failure> start_process(const process_launch& launch, const sigset_t& child_mask) {
  // Built before fork: mpirun may have threads (the PMIx server's), so the child only makes system calls.
  std::vector<char*> argv = pointers_to(launch.argv);
  std::vector<char*> environment = pointers_to(launch.environment);
  cpu_set_t cpus;
  CPU_ZERO(&cpus);
  for (int cpu : launch.cpus) CPU_SET(cpu, &cpus);

  int exec_report[2];
  if (::pipe2(exec_report, O_CLOEXEC) != 0) return start_failure{errno};
  pid_t parent = ::getpid();
  pid_t child = ::fork();
  if (child == 0) {
    ::close(exec_report[0]);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(EXIT_FAILURE);
    ::sigprocmask(SIG_SETMASK, &child_mask, nullptr);
    if (!launch.cpus.empty()) ::sched_setaffinity(0, sizeof cpus, &cpus);
    if (launch.without_input) {
      int nothing = ::open("/dev/null", O_RDONLY);
      if (nothing >= 0 && nothing != STDIN_FILENO) {
        ::dup2(nothing, STDIN_FILENO);
        ::close(nothing);
      }
    }
    // mpirun checked the folder; one that vanished since is reported as the failed exec would be.
    if (launch.working_directory.empty() || ::chdir(launch.working_directory.c_str()) == 0)
      ::execve(launch.executable.c_str(), argv.data(), environment.data());
    int error = errno;
    [[maybe_unused]] auto written = ::write(exec_report[1], &error, sizeof error);
    ::_exit(EXIT_FAILURE);
  }
  int fork_error = errno;
  ::close(exec_report[1]);
  if (child < 0) {
    ::close(exec_report[0]);
    return start_failure{fork_error};
  }

  int exec_error = 0;
  ssize_t got;
  do got = ::read(exec_report[0], &exec_error, sizeof exec_error);
  while (got < 0 && errno == EINTR);
  ::close(exec_report[0]);
  if (got > 0) {
    ::waitpid(child, nullptr, 0);
    return start_failure{exec_error};
  }
  return child;
}

}  // namespace weft::tools
