#include "runtime/report.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

namespace weft::runtime {
namespace {

// Output buffered outside C's stdio: Fortran's units (runtime/start/fortran_program_end.c registers it).
std::atomic<void (*)()> output_flush{nullptr};

// A unit may be locked by the very rank that ends the job (a fault inside an I/O statement), so the flush
// runs on a thread of its own and is given a second; then the job ends whatever became of it. Ranks that
// end the job at once (every rank calling MPI_Abort) all wait for the one flush: any of them ending the
// process first would lose the output.
void flush_foreign_output() {
  void (*flush)() = output_flush.load();
  if (flush == nullptr) return;
  static std::atomic_flag started;
  static std::atomic<bool> flushed{false};
  if (!started.test_and_set())
    std::thread([flush] {
      flush();
      flushed.store(true);
    }).detach();
  for (int waited = 0; waited < 1000 && !flushed.load(); ++waited)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

}  // namespace

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
  flush_foreign_output();
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

extern "C" void weft_register_output_flush(void (*flush)()) { weft::runtime::output_flush.store(flush); }
