// Running the job: one process per node of the plan, started with the environment that tells the Weft
// runtime its part of the job, supervised until every one has ended.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "launch_options.hpp"
#include "node_plan.hpp"
#include "slurm_launch.hpp"

namespace weft::tools {

// Exit status when --timeout stopped the job, as timeout(1) uses it.
inline constexpr int timeout_exit_status = 124;

// Runs each part's program (`program_paths`, one per part of options.parts) with the arguments of the
// part's command (the first one stays argv[0]) as the node processes of `plan`: a plan of one node on
// this machine is one process, exactly as without nodes; several nodes are wired up through mpirun's
// PMIx server, and nodes on other hosts are started through the remote shell; inside a Slurm
// `allocation`, srun starts the nodes of this machine's plan and wires them up itself. Forwards SIGINT,
// SIGTERM, SIGHUP, SIGQUIT, SIGUSR1 and SIGUSR2 to every node process, enforces the timeout, and ends
// the whole job when one node fails or aborts. Returns the status mpirun should exit with: the
// program's (the first failing node's), 128+N after signal N, an abort's status, timeout_exit_status,
// or usage_exit_status if the job could not be started. Messages start with `launcher_name`.
int run_job(const launch_options& options, const node_plan& plan, const std::vector<std::string>& program_paths,
            std::optional<slurm_allocation> allocation, std::string_view launcher_name);

}  // namespace weft::tools
