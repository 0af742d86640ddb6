#include "runtime/fault_handler.hpp"

#include <signal.h>
#include <string.h>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "runtime/backtrace.hpp"
#include "runtime/guarded_stack.hpp"
#include "runtime/rank.hpp"
#include "runtime/report.hpp"
#include "runtime/sanitizers.hpp"
#include "runtime/this_thread.hpp"

namespace weft::runtime {
namespace {

constexpr int handled_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

void describe_size(std::size_t bytes, char* text, std::size_t length) {
  if (bytes % (1u << 30) == 0)
    snprintf(text, length, "%zu GiB", bytes >> 30);
  else if (bytes % (1u << 20) == 0)
    snprintf(text, length, "%zu MiB", bytes >> 20);
  else if (bytes % (1u << 10) == 0)
    snprintf(text, length, "%zu KiB", bytes >> 10);
  else
    snprintf(text, length, "%zu bytes", bytes);
}

void on_fault(int signal, siginfo_t* info, void* context) {
  const rank* r = this_thread::rank;
  char who[32] = "a thread that is no rank";
  if (r != nullptr) snprintf(who, sizeof who, "rank %d", r->id);
  if (r != nullptr) {
    auto* address = static_cast<char*>(info->si_addr);
    char* guard = guard_page_of(r->stack);
    if (signal == SIGSEGV && address >= guard && address < guard + guarded_stack::page_size()) {
      char size[32];
      describe_size(r->stack.size, size, sizeof size);
      report("rank %d overflowed its %s stack; raise WEFT_STACK_SIZE (mpirun --stack-size)", r->id, size);
    } else {
      report("rank %d received signal %d (%s) at address %p", r->id, signal, strsignal(signal), info->si_addr);
    }
  } else {
    report("%s received signal %d (%s) at address %p", who, signal, strsignal(signal), info->si_addr);
  }
  report_backtrace(context, who);
  // Let the default action end the process, so the launcher sees the signal as a shell would.
  ::signal(signal, SIG_DFL);
  if (info->si_code <= 0) ::raise(signal);  // sent by kill(), not a fault that re-triggers on return
}

}  // namespace

void install_fault_handlers() {
  // A sanitized build leaves faults to the sanitizer's own handler, whose report says what the bad address
  // is (heap, stack, a redzone), with the stack of the fault; ours would take its place.
  if constexpr (sanitizer_reports_faults) return;
  prepare_backtraces();
  struct sigaction action{};
  action.sa_sigaction = on_fault;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (int signal : handled_signals) sigaction(signal, &action, nullptr);
}

void prepare_thread_for_faults() {
  if constexpr (sanitizer_reports_faults) return;  // the sanitizer gives each thread its alternate stack
  // The alternate stack lives as long as the thread; workers live until the process ends.
  // Large enough for the backtrace's unwinding, and for the child that names its frames (backtrace.hpp).
  static thread_local std::vector<std::uint8_t> alternate(256 * 1024);
  stack_t stack{};
  stack.ss_sp = alternate.data();
  stack.ss_size = alternate.size();
  sigaltstack(&stack, nullptr);
}

}  // namespace weft::runtime
