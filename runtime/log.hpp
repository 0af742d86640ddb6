#pragma once
// WEFT_LOG: what the layers tell of their work, by subsystem and level, for a user or a developer who wants
// to see what a job does without a debugger: WEFT_LOG=fabric:info,shm:debug, or WEFT_LOG=info for every
// subsystem. Lines go to stderr as "weft: <subsystem>: <message>". Below its level a site costs the test of
// one byte, behind [[unlikely]]:
//
//   if (runtime::logging(runtime::log_subsystem::fabric, runtime::log_level::info)) [[unlikely]]
//     runtime::write_log(runtime::log_subsystem::fabric, "node %d: provider %s", node, provider);

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

namespace weft::runtime {

enum class log_subsystem : std::uint8_t { runtime, shm, coll, rma, io, fabric };
inline constexpr std::size_t log_subsystem_count = 6;
enum class log_level : std::uint8_t { off, error, warn, info, debug };

using log_levels = std::array<log_level, log_subsystem_count>;

// The levels `spec` asks for (items separated by commas: a level for every subsystem, or subsystem:level;
// later items win), from warnings for all; or what is wrong with it.
std::variant<log_levels, std::string> parse_log_levels(std::string_view spec);

namespace detail {
extern log_levels current_log_levels;
}

inline bool logging(log_subsystem subsystem, log_level level) noexcept {
  return detail::current_log_levels[static_cast<std::size_t>(subsystem)] >= level;
}

// Called once, before any rank runs.
void set_log_levels(const log_levels& levels) noexcept;

// Prints "weft: <subsystem>: <message>" on stderr as one write.
[[gnu::format(printf, 2, 3)]] void write_log(log_subsystem subsystem, const char* format, ...);

// A warning: something the job asked for that Weft does without, while the job runs on. Printed unless the
// subsystem's level is below warn (WEFT_LOG=runtime:error silences the runtime's). For cold paths only:
// unlike a site that tests logging() first, its arguments are evaluated even when it prints nothing.
[[gnu::format(printf, 2, 3)]] void warn(log_subsystem subsystem, const char* format, ...);

}  // namespace weft::runtime
