// The command line that starts a node process on another host through a remote shell (ssh by
// default): the shell, the host, and one command for the remote side's shell that enters mpirun's
// folder and runs the program with the job's variables. A remote shell passes no environment of its
// own accord, so every variable the job needs is written into that command.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "launch_options.hpp"

namespace weft::tools {

inline constexpr std::string_view default_remote_shell = "ssh";

// ssh's exit status when it could not run the command on the host at all.
inline constexpr int remote_shell_failure_status = 255;

// `text` quoted for a POSIX shell: in single quotes, with each ' written as '\''.
std::string shell_quoted(std::string_view text);

// {shell, [-x,] host, "cd DIR && exec env VAR=VALUE... PROGRAM ARGS..."}. ssh gets -x (no X11
// forwarding, as MPICH's hydra passes it); other remote shells get the host and the command alone, but
// PBS's pbsdsh, which runs a program rather than a shell's command, gets {pbsdsh, -h, host, sh, -c, command}.
// The shell is known by its file name.
// With a `prefix` (--prefix), PREFIX/bin and PREFIX's library folder (lib, as this tree installs it) go
// first in the host's own PATH and LD_LIBRARY_PATH.
std::vector<std::string> remote_command(std::string_view shell, std::string_view host, std::string_view directory,
                                        std::span<const env_setting> variables, std::span<const std::string> command,
                                        const std::optional<std::string>& prefix = std::nullopt);

// Where Weft is installed on the other hosts, when --prefix did not say: WEFT_PREFIX (`variable`, when set
// and not empty; a module file sets it), else, as Open MPI does, the folder above the launcher's own when it
// was started by an absolute path (`invoked_as`, argv[0]: /opt/weft/bin/mpirun gives /opt/weft).
std::optional<usage_error> apply_prefix_defaults(launch_options& options, std::string_view invoked_as,
                                                 std::optional<std::string_view> variable);

// Whether `host` names the machine mpirun runs on (`hostname` is its name), so that its node process
// is started directly instead of through the remote shell.
bool is_this_machine(std::string_view host, std::string_view hostname);

}  // namespace weft::tools
