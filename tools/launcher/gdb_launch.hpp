// mpirun --gdb: the job's node process runs under gdb, with Weft's gdb extension loaded (tools/gdb/weft.py)
// and a breakpoint that stops the chosen ranks as they enter main. One node process only: gdb needs the
// terminal, which only a process on this machine can share with mpirun.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "launch_options.hpp"
#include "node_plan.hpp"

namespace weft::tools {

// What keeps `plan` from running under gdb as `request` asks: several node processes, a node on a named
// host, a rank outside the job. The message says what to do instead.
std::optional<usage_error> check_gdb_request(const gdb_request& request, const node_plan& plan);

// The command that runs `program_path` with the arguments of `command` (whose first word is the program as
// the user typed it) under gdb, which loads `extension` and stops the requested ranks in main.
std::vector<std::string> command_under_gdb(const gdb_request& request, std::string_view extension,
                                           const std::string& program_path, std::span<const std::string> command);

// The extension installed with this mpirun: share/weft/gdb/weft.py beside its bin/, in the build tree as in
// an install; an error when it is missing.
std::variant<std::string, usage_error> installed_gdb_extension();

}  // namespace weft::tools
