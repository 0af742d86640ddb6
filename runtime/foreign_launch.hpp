#pragma once
// A Weft program started as one of several processes by a launcher other than Weft's mpirun: srun without
// it, or another MPI's mpiexec. Each such process would run a job of its own, of one rank, where the user
// asked for one job of several: a silently different run. Weft's mpirun (and its node processes) set
// WEFT_NRANKS, so this looks only at processes started without it.

#include <optional>
#include <string>

namespace weft::runtime {

struct foreign_launch {
  std::string message;  // what happened and how to start the job instead
  bool first;           // the launcher's first process: the one that says it (the others only stop)
};

// Reads `environment` (a null-terminated array of NAME=VALUE, as environ): the refusal for a process that
// another launcher started as one of several, or nothing.
std::optional<foreign_launch> foreign_launch_of(char* const* environment);

}  // namespace weft::runtime
