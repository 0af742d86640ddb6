// Inside a Slurm allocation the node processes are Slurm's tasks: srun starts them on the allocated nodes
// and serves PMIx to them (its mpi/pmix plugin), so mpirun runs no PMIx server and starts no process of
// its own on the nodes; it supervises srun.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "node_plan.hpp"

namespace weft::tools {

// What mpirun reads of the allocation from the environment srun and salloc set.
struct slurm_allocation {
  int nodes = 1;                    // SLURM_JOB_NUM_NODES (or SLURM_NNODES)
  std::optional<int> cpus_on_node;  // SLURM_CPUS_ON_NODE
  std::string job_id;               // SLURM_JOB_ID
};

// The allocation mpirun runs in, when SLURM_JOB_ID is set; `lookup` reads a variable (null when unset).
std::optional<slurm_allocation> current_allocation(const char* (*lookup)(const char*));

// srun's arguments (after its path) that start the plan's node processes, one task per node process, in
// node order (Slurm's block distribution, so that a task's PMIx rank is its node index), spread over at most
// the allocation's nodes; each task gets its share of a node's CPUs, whose cores its workers then take
// (one per core of the process's cpuset). A task that fails ends the others (--kill-on-bad-exit). The job
// step gets the name `step_name`, by which mpirun finds it again (signal_step).
std::vector<std::string> srun_arguments(const node_plan& plan, const slurm_allocation& allocation,
                                        std::string_view step_name, const std::vector<std::string>& command);

// The name of the job step of the mpirun of process id `mpirun`.
std::string step_name_of(long mpirun);

// In what `squeue --noheader --steps --format='%i %j'` printed: the id ("job.step") of the step named
// `step_name`.
std::optional<std::string> step_named(std::string_view squeue_output, std::string_view step_name);

// Sends `signal_number` to the tasks of the allocation's job step named `step_name`, through squeue and
// scancel: srun passes only some signals on to its tasks, and no real-time one. False when that failed.
bool signal_step(const slurm_allocation& allocation, std::string_view step_name, int signal_number);

}  // namespace weft::tools
