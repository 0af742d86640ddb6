// Running the job: one process per node (for now the job is one node), started with the environment
// that tells the Weft runtime its job, supervised until it ends.
#pragma once

#include "launch_options.hpp"

#include <string>
#include <string_view>

namespace weft::tools {

// Exit status when --timeout stopped the job, as timeout(1) uses it.
inline constexpr int timeout_exit_status = 124;

// Runs `program_path` with the arguments in options.command (the first one stays argv[0]), forwards
// SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1 and SIGUSR2 to it, enforces the timeout, and returns the
// status mpirun should exit with: the program's, 128+N after signal N, timeout_exit_status, or
// usage_exit_status if it could not be started. Messages start with `launcher_name`.
int run_job(const launch_options &options, const std::string &program_path,
            std::string_view launcher_name);

} // namespace weft::tools
