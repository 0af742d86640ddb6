#include "host_list.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <climits>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <unordered_map>

#include "option_values.hpp"

namespace weft::tools {
namespace {

constexpr std::string_view blanks = " \t\r";

std::string_view trimmed(std::string_view text) {
  auto first = text.find_first_not_of(blanks);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(blanks) - first + 1);
}

// The most hosts one bracketed name may stand for: beyond any machine, and a bound on what a typo such as
// n[0-99999]x[0-99999] would have mpirun build.
constexpr long most_expanded_hosts = 100000;

// The names a bracketed range stands for: "n[1-3,7]x" is n1x, n2x, n3x, n7x; a range's numbers keep the
// width of its first one (node[08-10]: node08, node09, node10). Names without brackets stand for themselves.
std::variant<std::vector<std::string>, usage_error> expand_ranges(std::string_view name, const std::string& where) {
  auto open = name.find('[');
  if (open == std::string_view::npos) {
    if (name.find(']') != std::string_view::npos)
      return usage_error{"host name " + quoted(name) + " in " + where + " has a ']' without its '['"};
    return std::vector<std::string>{std::string(name)};
  }
  auto close = name.find(']', open);
  if (close == std::string_view::npos)
    return usage_error{"host name " + quoted(name) + " in " + where +
                       " has a '[' without its ']'; write ranges as "
                       "node[01-04,07]"};
  std::string_view prefix = name.substr(0, open), ranges = name.substr(open + 1, close - open - 1);
  if (prefix.find(']') != std::string_view::npos)
    return usage_error{"host name " + quoted(name) + " in " + where + " has a ']' without its '['"};
  auto rest = expand_ranges(name.substr(close + 1), where);
  if (auto* error = std::get_if<usage_error>(&rest)) return *error;
  // A number of one to nine digits and nothing else, which a long holds.
  auto number_of = [](std::string_view digits) -> std::optional<long> {
    if (digits.empty() || digits.size() > 9 ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return std::nullopt;
    long value = 0;
    std::from_chars(digits.data(), digits.data() + digits.size(), value);
    return value;
  };
  const auto& tails = std::get<std::vector<std::string>>(rest);
  std::vector<std::string> names;
  for (std::string_view range : comma_separated(ranges)) {
    std::string_view first = range.substr(0, range.find('-'));
    std::string_view last = range.find('-') == std::string_view::npos ? first : range.substr(range.find('-') + 1);
    std::optional<long> from = number_of(first), to = number_of(last);
    if (!from || !to || *from > *to)
      return usage_error{"invalid range " + quoted(range) + " in host name " + quoted(name) + " in " + where +
                         "; write numbers or rising ranges separated by commas, e.g. node[01-04,07]"};
    if ((*to - *from + 1) * static_cast<long>(tails.size()) + static_cast<long>(names.size()) > most_expanded_hosts)
      return usage_error{"host name " + quoted(name) + " in " + where + " names more than " +
                         std::to_string(most_expanded_hosts) + " hosts"};
    for (long number = *from; number <= *to; ++number) {
      std::string digits_text = std::to_string(number);
      if (digits_text.size() < first.size()) digits_text.insert(0, first.size() - digits_text.size(), '0');
      for (const std::string& tail : tails) names.push_back(std::string(prefix) + digits_text + tail);
    }
  }
  return names;
}

// Where the hosts of a list end: at the first comma outside brackets, as Slurm writes node[1-2,5],gpu1.
std::size_t end_of_host(std::string_view list) {
  int depth = 0;
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (list[i] == '[')
      ++depth;
    else if (list[i] == ']' && depth > 0)
      --depth;  // a stray one is the name's mistake, reported there
    else if (list[i] == ',' && depth == 0)
      return i;
  }
  return std::string_view::npos;
}

// One `host` or `host:N`; `where` says where it was written, for the messages.
std::variant<host_entry, usage_error> parse_host(std::string_view text, const std::string& where) {
  auto colon = text.find(':');
  std::string_view name = text.substr(0, colon);
  if (name.empty()) return usage_error{"empty host name in " + where + "; write host or host:slots"};
  if (name.find_first_of(blanks) != std::string_view::npos)
    return usage_error{"host name " + quoted(name) + " in " + where + " contains a space"};
  // A newline (possible in --hosts) or another control character would reach the remote shell's command.
  if (std::any_of(name.begin(), name.end(), [](unsigned char c) { return std::iscntrl(c); }))
    return usage_error{"host name in " + where + " contains a control character; write host or host:slots"};
  // Only a hostfile line can hold one outside brackets; "a,b" there is most likely two hosts.
  if (end_of_host(name) != std::string_view::npos)
    return usage_error{"host name " + quoted(name) + " in " + where + " contains a comma; write one host a line"};
  if (name.front() == '-')
    return usage_error{"host name " + quoted(name) + " in " + where +
                       " starts with '-', which the remote shell would read as an option"};
  if (colon == std::string_view::npos) return host_entry{std::string(name), std::nullopt};
  std::string_view slots_text = text.substr(colon + 1);
  auto slots = positive_int(slots_text);
  if (!slots)
    return usage_error{"invalid slot count " + quoted(slots_text) + " for host " + quoted(name) + " in " + where +
                       "; write host:N with N at least 1"};
  return host_entry{std::string(name), *slots};
}

// Appends `entry` to `hosts`, once for each name its bracketed ranges stand for.
std::optional<usage_error> add_hosts(std::vector<host_entry>& hosts, const host_entry& entry,
                                     const std::string& where) {
  auto names = expand_ranges(entry.name, where);
  if (auto* error = std::get_if<usage_error>(&names)) return *error;
  for (std::string& name : std::get<std::vector<std::string>>(names)) {
    host_entry one = entry;
    one.name = std::move(name);
    hosts.push_back(std::move(one));
  }
  return std::nullopt;
}

}  // namespace

host_list_result parse_host_list(std::string_view list, std::string_view option) {
  const std::string where = quoted(option) + " " + quoted(list);
  std::vector<host_entry> hosts;
  for (;;) {
    auto comma = end_of_host(list);
    auto host = parse_host(list.substr(0, comma), where);
    if (auto* error = std::get_if<usage_error>(&host)) return *error;
    if (auto error = add_hosts(hosts, std::get<host_entry>(host), where)) return *error;
    if (comma == std::string_view::npos) return hosts;
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
    if (line.empty()) continue;

    const std::string where = "hostfile " + quoted(file_name) + " line " + std::to_string(line_number);
    // Open MPI's `host slots=N`; anything else after the host is a mistake worth naming.
    std::string_view host_text = line.substr(0, line.find_first_of(blanks));
    std::string_view rest = trimmed(line.substr(host_text.size()));
    auto host = parse_host(host_text, where);
    if (auto* error = std::get_if<usage_error>(&host)) return *error;
    host_entry entry = std::get<host_entry>(host);
    // Open MPI's `slots=N` and `max_slots=M` (also max-slots), each once, in any order.
    while (!rest.empty()) {
      std::string_view word = rest.substr(0, rest.find_first_of(blanks));
      rest = trimmed(rest.substr(word.size()));
      std::string_view key =
          word.substr(0, word.find('=') == std::string_view::npos ? word.size() : word.find('=') + 1);
      std::optional<int>* target = key == "slots="                              ? &entry.slots
                                   : key == "max_slots=" || key == "max-slots=" ? &entry.max_slots
                                                                                : nullptr;
      if (target == nullptr || target->has_value())
        return usage_error{"cannot read " + quoted(word) + " after the host in " + where +
                           "; write host, host:N or host slots=N max_slots=M"};
      std::string_view count_text = word.substr(key.size());
      auto count = positive_int(count_text);
      if (!count)
        return usage_error{"invalid slot count " + quoted(count_text) + " in " + where + "; write " + std::string(key) +
                           "N with N at least 1"};
      *target = *count;
    }
    if (entry.slots && entry.max_slots && *entry.slots > *entry.max_slots)
      return usage_error{"host " + entry.name + " in " + where + " has more slots (" + std::to_string(*entry.slots) +
                         ") than max_slots (" + std::to_string(*entry.max_slots) + "); give it at most as many"};
    if (auto error = add_hosts(hosts, entry, where)) return *error;
  }
  if (hosts.empty()) return usage_error{"hostfile " + quoted(file_name) + " names no host; write one host a line"};
  return hosts;
}

host_list_result merge_hosts(std::span<const host_entry> hosts) {
  std::vector<host_entry> result;
  // Where each name is in `result`: a range may name a hundred thousand hosts.
  std::unordered_map<std::string_view, std::size_t> index;
  for (const host_entry& host : hosts) {
    auto [known, added] = index.try_emplace(host.name, result.size());
    if (added) {
      result.push_back(host);
      continue;
    }
    host_entry* same = &result[known->second];
    long long slots = static_cast<long long>(same->slots.value_or(1)) + host.slots.value_or(1);
    if (slots > INT_MAX)
      return usage_error{"host " + host.name + " is given " + std::to_string(slots) + " slots in all, more than " +
                         std::to_string(INT_MAX) + "; give it fewer"};
    same->slots = static_cast<int>(slots);
    // A limit given for one entry of a host bounds the host: the entries' limits add up (an entry without
    // one leaves the host without).
    if (same->max_slots && host.max_slots)
      same->max_slots =
          static_cast<int>(std::min<long long>(INT_MAX, static_cast<long long>(*same->max_slots) + *host.max_slots));
    else
      same->max_slots.reset();
  }
  return result;
}

host_list_result read_hostfile(const std::string& path) {
  std::ifstream file(path);
  if (!file)
    return usage_error{"cannot read hostfile " + quoted(path) + ": " + std::strerror(errno) + "; check the path"};
  std::ostringstream text;
  text << file.rdbuf();
  return parse_hostfile(text.str(), path);
}

}  // namespace weft::tools
