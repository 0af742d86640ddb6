#include "runtime/log.hpp"

#include <cstdarg>
#include <cstdio>

#include "runtime/report.hpp"

namespace weft::runtime {
namespace {

constexpr std::string_view subsystem_names[log_subsystem_count] = {"runtime", "shm", "coll", "rma", "io", "fabric"};
constexpr std::string_view level_names[] = {"off", "error", "warn", "info", "debug"};

template <class Names>
int index_of(const Names& names, std::string_view name) {
  for (std::size_t i = 0; i < std::size(names); ++i)
    if (names[i] == name) return static_cast<int>(i);
  return -1;
}

std::string known(std::string_view kind, const auto& names) {
  std::string list(kind);
  for (std::string_view name : names) list += (list.size() == kind.size() ? " " : ", ") + std::string(name);
  return list;
}

}  // namespace

namespace detail {
log_levels current_log_levels = [] {
  log_levels levels;
  levels.fill(log_level::warn);
  return levels;
}();
}  // namespace detail

std::variant<log_levels, std::string> parse_log_levels(std::string_view spec) {
  log_levels levels;
  levels.fill(log_level::warn);
  while (!spec.empty()) {
    std::size_t comma = spec.find(',');
    std::string_view item = spec.substr(0, comma);
    spec = comma == std::string_view::npos ? std::string_view{} : spec.substr(comma + 1);
    std::size_t colon = item.find(':');
    std::string_view level_name = colon == std::string_view::npos ? item : item.substr(colon + 1);
    int level = index_of(level_names, level_name);
    if (level < 0) return "'" + std::string(level_name) + "' is no level: " + known("the levels are", level_names);
    if (colon == std::string_view::npos) {
      levels.fill(static_cast<log_level>(level));
      continue;
    }
    int subsystem = index_of(subsystem_names, item.substr(0, colon));
    if (subsystem < 0)
      return "'" + std::string(item.substr(0, colon)) +
             "' is no subsystem: " + known("the subsystems are", subsystem_names);
    levels[subsystem] = static_cast<log_level>(level);
  }
  return levels;
}

void set_log_levels(const log_levels& levels) noexcept { detail::current_log_levels = levels; }

namespace {

void vwrite_log(log_subsystem subsystem, const char* format, va_list args) {
  char message[1024];
  std::vsnprintf(message, sizeof message, format, args);
  const std::string_view name = subsystem_names[static_cast<std::size_t>(subsystem)];
  report("%.*s: %s", static_cast<int>(name.size()), name.data(), message);
}

}  // namespace

void write_log(log_subsystem subsystem, const char* format, ...) {
  va_list args;
  va_start(args, format);
  vwrite_log(subsystem, format, args);
  va_end(args);
}

void warn(log_subsystem subsystem, const char* format, ...) {
  if (!logging(subsystem, log_level::warn)) return;
  va_list args;
  va_start(args, format);
  vwrite_log(subsystem, format, args);
  va_end(args);
}

}  // namespace weft::runtime
