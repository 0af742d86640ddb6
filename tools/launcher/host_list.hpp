// The hosts a job may run on, as --hosts lists them and as hostfiles (MPICH's machinefiles, Open MPI's
// hostfiles) write them. Parsing is pure so that every form and every mistake is unit-tested; only
// read_hostfile touches the file system.
#pragma once

#include <span>
#include <string_view>
#include <variant>
#include <vector>

#include "launch_options.hpp"

namespace weft::tools {

using host_list_result = std::variant<std::vector<host_entry>, usage_error>;

// "a,b:4,c": hosts separated by commas, each with an optional ":slots". A name may hold Slurm's ranges in
// brackets, node[01-04,07] for node01 to node04 and node07 (the slots go to each). `option` is how the
// user spelled the option, for the messages.
host_list_result parse_host_list(std::string_view list, std::string_view option);

// A hostfile's text: one host (or bracketed range of hosts) a line as `host`, `host:N` or
// `host slots=N`, with Open MPI's `max_slots=M` after it: the host never takes more than M ranks; `#`
// starts a comment; blank lines are skipped. `file_name` is for the messages, which give the line number.
host_list_result parse_hostfile(std::string_view text, std::string_view file_name);

// Hosts in the order they were first named, each once, with the slots of all its entries (an entry without
// slots counts one); an error when one host's slots add up past what an int counts.
host_list_result merge_hosts(std::span<const host_entry> hosts);

// Reads and parses the hostfile at `path`.
host_list_result read_hostfile(const std::string& path);

}  // namespace weft::tools
