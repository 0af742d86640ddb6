// The hosts of a PBS/Torque, LSF or SGE allocation, as their schedulers hand them to a job script: a node
// file or a variable that lists the hosts and their slots. mpirun runs a job on them, one node process per
// host, when it is given no hosts of its own, as Open MPI's and MPICH's launchers do. (Slurm is its own
// case, slurm_launch.hpp: srun starts the node processes there.) Parsing is pure and unit-tested; the caller
// passes how to read variables and files.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "launch_options.hpp"

namespace weft::tools {

struct batch_allocation {
  std::string source;             // where the hosts came from, e.g. "PBS_NODEFILE", for messages
  std::vector<host_entry> hosts;  // in the scheduler's order, each with its slots
};

using batch_allocation_result = std::variant<std::optional<batch_allocation>, usage_error>;

// PBS_NODEFILE (a host a line, once per slot), LSB_MCPU_HOSTS ("host slots host slots ..."), LSB_HOSTS (a
// host per slot) or PE_HOSTFILE (SGE: "host slots queue processors" a line), the first one set; none when
// the process runs in no such allocation. A node file that cannot be read or says nothing is an error.
batch_allocation_result current_batch_allocation(
    const std::function<const char*(const char*)>& lookup,
    const std::function<std::optional<std::string>(const std::string&)>& read_file);

}  // namespace weft::tools
