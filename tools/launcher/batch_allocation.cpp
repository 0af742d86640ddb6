#include "batch_allocation.hpp"

#include <charconv>
#include <sstream>

#include "host_list.hpp"
#include "option_values.hpp"

namespace weft::tools {
namespace {

std::optional<int> slot_count(const std::string& text) {
  int value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 1) return std::nullopt;
  return value;
}

// A file or variable that lists each host once per slot (PBS_NODEFILE, LSB_HOSTS); merged later.
std::vector<host_entry> hosts_per_slot(const std::string& text) {
  std::vector<host_entry> hosts;
  std::istringstream words(text);
  for (std::string host; words >> host;) hosts.push_back({host, 1});
  return hosts;
}

// Lines (or a list) of "host slots" pairs, other columns ignored (SGE's PE_HOSTFILE adds queue and
// processor range; LSB_MCPU_HOSTS is the pairs on one line).
std::variant<std::vector<host_entry>, usage_error> host_slot_pairs(const std::string& text, const std::string& source,
                                                                   bool one_pair_a_line) {
  std::vector<host_entry> hosts;
  std::istringstream input(text);
  auto bad = [&](const std::string& what) {
    return usage_error{source + " says " + quoted(what) +
                       " where a host and its number of slots go; check the "
                       "allocation, or name the hosts with --hosts or --hostfile"};
  };
  if (one_pair_a_line) {
    for (std::string line; std::getline(input, line);) {
      std::istringstream columns(line);
      std::string host, slots;
      if (!(columns >> host)) continue;
      if (!(columns >> slots) || !slot_count(slots)) return bad(line);
      hosts.push_back({host, slot_count(slots)});
    }
  } else {
    for (std::string host, slots; input >> host;) {
      if (!(input >> slots) || !slot_count(slots)) return bad(host + " " + slots);
      hosts.push_back({host, slot_count(slots)});
    }
  }
  return hosts;
}

}  // namespace

batch_allocation_result current_batch_allocation(
    const std::function<const char*(const char*)>& lookup,
    const std::function<std::optional<std::string>(const std::string&)>& read_file) {
  auto from_file = [&](const char* variable) -> std::variant<std::string, usage_error> {
    std::string path = lookup(variable);
    std::optional<std::string> text = read_file(path);
    if (!text)
      return usage_error{std::string("cannot read ") + variable + " " + quoted(path) +
                         ", the allocation's node file; check the job script, or name the hosts with --hosts"};
    return *text;
  };
  auto found = [](const char* source,
                  std::variant<std::vector<host_entry>, usage_error> hosts) -> batch_allocation_result {
    if (auto* error = std::get_if<usage_error>(&hosts)) return *error;
    if (std::get<std::vector<host_entry>>(hosts).empty())
      return usage_error{std::string(source) + " names no host; check the allocation, or name the hosts with --hosts"};
    // A host named on several lines (once per slot, or by a scheduler that splits it) is one host.
    host_list_result each_once = merge_hosts(std::get<std::vector<host_entry>>(hosts));
    if (auto* error = std::get_if<usage_error>(&each_once)) return *error;
    return std::optional<batch_allocation>(
        batch_allocation{source, std::get<std::vector<host_entry>>(std::move(each_once))});
  };

  if (lookup("PBS_NODEFILE") != nullptr) {
    auto text = from_file("PBS_NODEFILE");
    if (auto* error = std::get_if<usage_error>(&text)) return *error;
    return found("PBS_NODEFILE", hosts_per_slot(std::get<std::string>(text)));
  }
  if (const char* pairs = lookup("LSB_MCPU_HOSTS"))
    return found("LSB_MCPU_HOSTS", host_slot_pairs(pairs, "LSB_MCPU_HOSTS", false));
  if (const char* hosts = lookup("LSB_HOSTS")) return found("LSB_HOSTS", hosts_per_slot(hosts));
  if (lookup("PE_HOSTFILE") != nullptr) {
    auto text = from_file("PE_HOSTFILE");
    if (auto* error = std::get_if<usage_error>(&text)) return *error;
    return found("PE_HOSTFILE", host_slot_pairs(std::get<std::string>(text), "PE_HOSTFILE", true));
  }
  return std::optional<batch_allocation>();
}

}  // namespace weft::tools
