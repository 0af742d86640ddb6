#include "runtime/path_report.hpp"

#include <cstdarg>
#include <cstdio>
#include <mutex>
#include <set>
#include <string>
#include <tuple>

#include "runtime/report.hpp"
#include "runtime/scheduler.hpp"

namespace weft::runtime {

namespace detail {
bool paths_reported = false;
}

void enable_path_reports(bool on) noexcept { detail::paths_reported = on; }

void report_path(const char* layer, const char* operation, const char* choice, const char* reason_format, ...) {
  static std::mutex lock;
  static std::set<std::tuple<std::string, std::string, std::string>> told;
  {
    std::lock_guard hold(lock);
    if (!told.emplace(layer, operation, choice).second) return;
  }
  char reason[512];
  va_list args;
  va_start(args, reason_format);
  std::vsnprintf(reason, sizeof reason, reason_format, args);
  va_end(args);
  const rank* self = current_rank();
  if (self != nullptr)
    report("path: %s %s: %s (%s; rank %d)", layer, operation, choice, reason, self->id);
  else
    report("path: %s %s: %s (%s)", layer, operation, choice, reason);
}

}  // namespace weft::runtime
