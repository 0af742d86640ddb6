// Starting one process of the job: fork, then exec with a complete environment, as a child that dies
// with mpirun.
#pragma once

#include <signal.h>
#include <sys/types.h>

#include <string>
#include <variant>
#include <vector>

namespace weft::tools {

struct process_launch {
  // A path (absolute or relative to mpirun's folder); no PATH search happens here.
  std::string executable;
  std::vector<std::string> argv;
  std::vector<std::string> environment;
  // Standard input from /dev/null instead of mpirun's: only the node of rank 0 reads mpirun's input,
  // as in Open MPI, so that node processes and remote shells do not compete for it.
  bool without_input = false;
  // The CPUs it may run on; empty: mpirun's own.
  std::vector<int> cpus = {};
  // The folder it starts in; empty: mpirun's own.
  std::string working_directory = {};
};

// The errno of a fork or exec that failed.
struct start_failure {
  int error = 0;
};

// Forks and execs `launch` with the signal mask `child_mask`. A close-on-exec pipe reports a failed
// exec back to mpirun, so that the failure is mpirun's and not a child exit status mistaken for the
// program's own. The child gets SIGKILL when mpirun dies: if mpirun is killed without a chance to
// forward anything (SIGKILL from a batch system), the job must not live on unsupervised.
std::variant<pid_t, start_failure> start_process(const process_launch& launch, const sigset_t& child_mask);

}  // namespace weft::tools
