// Finding the program mpirun is asked to run, before anything starts, so that a wrong name is a clear
// usage error instead of a failed exec in a child process.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "launch_options.hpp"

namespace weft::tools {

// The path to execute for `name`: the name itself when it contains a '/', otherwise the first
// executable file called `name` in the folders of `path_variable` (the value of PATH; the system's
// default path when PATH is unset), as execvp searches. Errors say whether the program is missing,
// is a directory or is not executable, and what to do about it.
std::variant<std::string, usage_error> find_program(std::string_view name,
                                                    std::optional<std::string_view> path_variable);

}  // namespace weft::tools
