#include "runtime/report.hpp"

#include <cstdio>
#include <unistd.h>

namespace weft::runtime {

void vreport(const char* format, va_list args) {
  char line[1024];
  int prefix = snprintf(line, sizeof line, "weft: ");
  int body = vsnprintf(line + prefix, sizeof line - prefix - 1, format, args);
  std::size_t length = prefix + (body < 0 ? 0 : body);
  if (length > sizeof line - 2) length = sizeof line - 2;
  line[length++] = '\n';
  // Whatever the ranks printed so far must come out before the report, in order.
  std::fflush(stdout);
  [[maybe_unused]] ssize_t written = ::write(STDERR_FILENO, line, length);
}

void report(const char* format, ...) {
  va_list args;
  va_start(args, format);
  vreport(format, args);
  va_end(args);
}

void end_job(int status) {
  std::fflush(nullptr);
  ::_exit(status);
}

void fatal(int status, const char* format, ...) {
  va_list args;
  va_start(args, format);
  vreport(format, args);
  va_end(args);
  end_job(status);
}

}  // namespace weft::runtime
