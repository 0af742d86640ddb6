#include "host_list.hpp"
#include "option_values.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

namespace weft::tools {
namespace {

constexpr std::string_view blanks = " \t\r";

std::string_view trimmed(std::string_view text) {
  auto first = text.find_first_not_of(blanks);
  if (first == std::string_view::npos)
    return {};
  return text.substr(first, text.find_last_not_of(blanks) - first + 1);
}

// One `host` or `host:N`; `where` says where it was written, for the messages.
std::variant<host_entry, usage_error> parse_host(std::string_view text, const std::string &where) {
  auto colon = text.find(':');
  std::string_view name = text.substr(0, colon);
  if (name.empty())
    return usage_error{"empty host name in " + where + "; write host or host:slots"};
  if (name.find_first_of(blanks) != std::string_view::npos)
    return usage_error{"host name " + quoted(name) + " in " + where + " contains a space"};
  // A newline (possible in --hosts) or another control character would reach the remote shell's command.
  if (std::any_of(name.begin(), name.end(), [](unsigned char c) { return std::iscntrl(c); }))
    return usage_error{"host name in " + where + " contains a control character; write host or host:slots"};
  // Only a hostfile line can hold one; "a,b" there is most likely two hosts.
  if (name.find(',') != std::string_view::npos)
    return usage_error{"host name " + quoted(name) + " in " + where + " contains a comma; write one host a line"};
  if (name.front() == '-')
    return usage_error{"host name " + quoted(name) + " in " + where +
                       " starts with '-', which the remote shell would read as an option"};
  if (colon == std::string_view::npos)
    return host_entry{std::string(name), std::nullopt};
  std::string_view slots_text = text.substr(colon + 1);
  auto slots = positive_int(slots_text);
  if (!slots)
    return usage_error{"invalid slot count " + quoted(slots_text) + " for host " + quoted(name) + " in " +
                       where + "; write host:N with N at least 1"};
  return host_entry{std::string(name), *slots};
}

} // namespace

host_list_result parse_host_list(std::string_view list, std::string_view option) {
  const std::string where = quoted(option) + " " + quoted(list);
  std::vector<host_entry> hosts;
  for (;;) {
    auto comma = list.find(',');
    auto host = parse_host(list.substr(0, comma), where);
    if (auto *error = std::get_if<usage_error>(&host))
      return *error;
    hosts.push_back(std::get<host_entry>(host));
    if (comma == std::string_view::npos)
      return hosts;
    list.remove_prefix(comma + 1);
  }
}

host_list_result parse_hostfile(std::string_view text, std::string_view file_name) {
  std::vector<host_entry> hosts;
  for (int line_number = 1; !text.empty(); ++line_number) {
    auto newline = text.find('\n');
    std::string_view line = text.substr(0, newline);
    text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
    line = trimmed(line.substr(0, line.find('#')));
    if (line.empty())
      continue;

    const std::string where = "hostfile " + quoted(file_name) + " line " + std::to_string(line_number);
    // Open MPI's `host slots=N`; anything else after the host is a mistake worth naming.
    std::string_view host_text = line.substr(0, line.find_first_of(blanks));
    std::string_view rest = trimmed(line.substr(host_text.size()));
    auto host = parse_host(host_text, where);
    if (auto *error = std::get_if<usage_error>(&host))
      return *error;
    host_entry entry = std::get<host_entry>(host);
    if (!rest.empty()) {
      if (!rest.starts_with("slots=") || entry.slots)
        return usage_error{"cannot read " + quoted(rest) + " after the host in " + where +
                           "; write host, host:N or host slots=N"};
      std::string_view slots_text = rest.substr(6);
      auto slots = positive_int(slots_text);
      if (!slots)
        return usage_error{"invalid slot count " + quoted(slots_text) + " in " + where +
                           "; write host slots=N with N at least 1"};
      entry.slots = *slots;
    }
    hosts.push_back(std::move(entry));
  }
  if (hosts.empty())
    return usage_error{"hostfile " + quoted(file_name) + " names no host; write one host a line"};
  return hosts;
}

host_list_result merge_hosts(std::span<const host_entry> hosts) {
  std::vector<host_entry> result;
  for (const host_entry &host : hosts) {
    auto same = std::find_if(result.begin(), result.end(),
                             [&](const host_entry &known) { return known.name == host.name; });
    if (same == result.end()) {
      result.push_back(host);
      continue;
    }
    long long slots = static_cast<long long>(same->slots.value_or(1)) + host.slots.value_or(1);
    if (slots > INT_MAX)
      return usage_error{"host " + host.name + " is given " + std::to_string(slots) + " slots in all, more than " +
                         std::to_string(INT_MAX) + "; give it fewer"};
    same->slots = static_cast<int>(slots);
  }
  return result;
}

host_list_result read_hostfile(const std::string &path) {
  std::ifstream file(path);
  if (!file)
    return usage_error{"cannot read hostfile " + quoted(path) + ": " + std::strerror(errno) +
                       "; check the path"};
  std::ostringstream text;
  text << file.rdbuf();
  return parse_hostfile(text.str(), path);
}

} // namespace weft::tools
