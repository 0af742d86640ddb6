#pragma once
// What the launcher fuzzers check of every result: a usage error says something; hosts have names and
// at least one slot; a node plan, when the options allow one, places every rank exactly once.

#include <span>
#include <string_view>

#include "host_list.hpp"
#include "launch_options.hpp"

namespace weft::fuzz {

void check_usage_error(const tools::usage_error& error);
void check_hosts(std::span<const tools::host_entry> hosts);
// Plans the job's nodes on `hosts` and checks the plan.
void check_plan(const tools::launch_options& options, std::span<const tools::host_entry> hosts);
// A parsed host list or hostfile: the error, or the hosts and a plan on them with default options.
void check_host_list(const tools::host_list_result& hosts);

// The fuzzer's input as text.
inline std::string_view text_of(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace weft::fuzz
