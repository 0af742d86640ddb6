// The environment of the node processes: mpirun's own, with the -x variables and the WEFT_* variables
// that tell the Weft runtime its job. Pure functions of mpirun's environment (passed in as
// "NAME=VALUE" strings), so that what each node sees is unit-tested.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "launch_options.hpp"
#include "node_plan.hpp"

namespace weft::tools {

// What mpirun sets for the node processes of part `part` (launch_options::parts), in order (a later
// setting of a name wins): the job's -genv values, the part's -x and -env values, then Weft's own
// (WEFT_NRANKS and the options' variables) so that -n wins over a stray -x WEFT_NRANKS=.... A job of
// several nodes also gets WEFT_NODE_RANKS (each node's rank count, in node order), and FI_TCP_IFACE
// unless the user set it: lo when every node runs here, else the -iface interface. The parts of an MPMD
// job get WEFT_APPNUM (MPI_APPNUM). `cpus_here` is the number of CPUs mpirun may use when every node
// process runs on this machine, 0 when some run on other hosts (named hosts, or srun's on a Slurm
// allocation of several): node processes here that outnumber those CPUs share them, and get
// WEFT_YIELD_WHEN_IDLE=1 unless the user set it.
std::vector<env_setting> job_variables(const launch_options& options, const node_plan& plan, int part,
                                       std::span<const std::string> inherited, std::size_t cpus_here);

// `inherited` as part `part` passes it on (-envnone, -envlist ...), with `settings` applied, for a
// process started on this machine.
std::vector<std::string> local_environment(const launch_options& options, int part,
                                           std::span<const std::string> inherited,
                                           std::span<const env_setting> settings);

// The variables written into a remote node's command: mpirun's WEFT_* and FI_* variables and the
// variables the part passes on by name (-x VAR, -envlist) as mpirun sees them, or all of mpirun's with
// -envall, then `settings`. Each name appears once, with the value that wins.
std::vector<env_setting> forwarded_variables(const launch_options& options, int part,
                                             std::span<const std::string> inherited,
                                             std::span<const env_setting> settings);

// "NAME=VALUE" as a setting.
env_setting setting_of(std::string_view assignment);

}  // namespace weft::tools
