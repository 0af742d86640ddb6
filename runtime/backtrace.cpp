#include "runtime/backtrace.hpp"

#define UNW_LOCAL_ONLY
#include <cxxabi.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <libunwind.h>
#include <signal.h>
#include <stdio_ext.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>

#include "runtime/report.hpp"

namespace weft::runtime {
namespace {

constexpr int max_frames = 64;
// Frames unwound at most: a recursion that overflowed its stack has thousands of them, told as one frame
// repeated.
constexpr int max_steps = 100000;

// How long the handler waits for the child that names the frames.
constexpr long symbolizer_wait_ms = 3000;

struct frames {
  std::uintptr_t address[max_frames];
  int repeats[max_frames];  // how many more frames of the same address directly follow
  int count = 0;
  bool truncated = false;
};

frames unwind(void* signal_context) {
  frames stack;
  unw_cursor_t cursor;
  if (unw_init_local2(&cursor, static_cast<unw_context_t*>(signal_context), UNW_INIT_SIGNAL_FRAME) != 0) return stack;
  int steps = 0;
  do {
    unw_word_t ip = 0;
    if (unw_get_reg(&cursor, UNW_REG_IP, &ip) != 0 || ip == 0) break;
    if (stack.count > 0 && stack.address[stack.count - 1] == ip) {
      ++stack.repeats[stack.count - 1];
      continue;
    }
    if (stack.count == max_frames) {
      stack.truncated = true;
      break;
    }
    stack.address[stack.count] = ip;
    stack.repeats[stack.count++] = 0;
  } while (++steps < max_steps && unw_step(&cursor) > 0);
  stack.truncated |= steps == max_steps;
  return stack;
}

// A return address points after its call; looking up the one before names the line of the call itself.
std::uintptr_t call_site(const frames& stack, int frame) {
  return frame == 0 ? stack.address[0] : stack.address[frame] - 1;
}

void report_repeats(const frames& stack, int frame, const char* who) {
  if (stack.repeats[frame] > 0) report("%s:      ... the same call %d more times", who, stack.repeats[frame]);
}

// The source line of `address` in `module`: file name (null when unknown) and line number.
const char* source_line(Dwfl_Module* module, Dwarf_Addr address, int* line_number) {
  if (Dwfl_Line* line = dwfl_module_getsrc(module, address))
    return dwfl_lineinfo(line, nullptr, line_number, nullptr, nullptr, nullptr);
  // clang emits no .debug_aranges, without which libdw 0.188 finds no compilation unit for an address:
  // search the units themselves.
  Dwarf_Addr bias = 0;
  Dwarf* dwarf = dwfl_module_getdwarf(module, &bias);
  Dwarf_Off offset = 0, next = 0;
  std::size_t header = 0;
  while (dwarf != nullptr && dwarf_nextcu(dwarf, offset, &next, &header, nullptr, nullptr, nullptr) == 0) {
    Dwarf_Die unit;
    if (dwarf_offdie(dwarf, offset + header, &unit) != nullptr && dwarf_haspc(&unit, address - bias) > 0) {
      Dwarf_Line* line = dwarf_getsrc_die(&unit, address - bias);
      if (line == nullptr || dwarf_lineno(line, line_number) != 0) return nullptr;
      return dwarf_linesrc(line, nullptr, nullptr);
    }
    offset = next;
  }
  return nullptr;
}

// In the forked child: names every frame with libdw (function, file and line, module), demangled.
void symbolize(const frames& stack, const char* who) {
  // A fault here ends the child, not a second report; what the program left in stdout's buffer is the
  // parent's to write, and a lock on stdout held by another thread at the fork is never released here.
  for (int signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) ::signal(signal, SIG_DFL);
  __fsetlocking(stdout, FSETLOCKING_BYCALLER);
  __fpurge(stdout);
  static char* debuginfo_path = nullptr;
  const Dwfl_Callbacks callbacks = {dwfl_linux_proc_find_elf, dwfl_standard_find_debuginfo, nullptr, &debuginfo_path};
  Dwfl* dwfl = dwfl_begin(&callbacks);
  if (dwfl == nullptr || dwfl_linux_proc_report(dwfl, getpid()) != 0 || dwfl_report_end(dwfl, nullptr, nullptr) != 0)
    std::_Exit(1);
  for (int frame = 0; frame < stack.count; ++frame) {
    Dwarf_Addr address = call_site(stack, frame);
    Dwfl_Module* module = dwfl_addrmodule(dwfl, address);
    const char* name = module != nullptr ? dwfl_module_addrname(module, address) : nullptr;
    int status = -1;
    char* demangled = name != nullptr ? abi::__cxa_demangle(name, nullptr, nullptr, &status) : nullptr;
    const char* function = status == 0 ? demangled : name != nullptr ? name : "??";
    Dwarf_Addr module_start = 0;
    const char* module_name = module != nullptr ? dwfl_module_info(module, nullptr, &module_start, nullptr, nullptr,
                                                                   nullptr, nullptr, nullptr)
                                                : nullptr;
    int line_number = 0;
    const char* file = module != nullptr ? source_line(module, address, &line_number) : nullptr;
    if (file != nullptr)
      report("%s:   #%d %s at %s:%d", who, frame, function, file, line_number);
    else
      report("%s:   #%d %s (%s+0x%lx)", who, frame, function, module_name != nullptr ? module_name : "??",
             static_cast<unsigned long>(address - module_start));
    std::free(demangled);
    report_repeats(stack, frame, who);
  }
  std::_Exit(0);
}

// When the child could not name the frames: libunwind's symbol names, read from the mapped files.
void report_raw(const frames& stack, const char* who) {
  for (int frame = 0; frame < stack.count; ++frame) {
    char name[256] = "??";
    unw_word_t offset = 0;
    unw_cursor_t cursor;
    unw_context_t context;
    // A cursor moved to the frame's address names the function there from the mapped file's symbols.
    unw_getcontext(&context);
    unw_init_local(&cursor, &context);
    unw_set_reg(&cursor, UNW_REG_IP, stack.address[frame]);
    unw_get_proc_name(&cursor, name, sizeof name, &offset);
    report("%s:   #%d %s+0x%lx", who, frame, name, static_cast<unsigned long>(offset));
    report_repeats(stack, frame, who);
  }
}

// Forks the symbolizing child (the system call itself: glibc's fork() runs atfork handlers and takes
// malloc's locks, which the faulting code may hold) and waits for it. False when it did not finish well.
bool symbolize_in_child(const frames& stack, const char* who) {
  pid_t child = static_cast<pid_t>(syscall(SYS_fork));
  if (child < 0) return false;
  if (child == 0) symbolize(stack, who);
  const timespec pause = {0, 10 * 1000 * 1000};
  for (long waited = 0; waited < symbolizer_wait_ms; waited += 10) {
    int status = 0;
    if (waitpid(child, &status, WNOHANG) == child) return WIFEXITED(status) && WEXITSTATUS(status) == 0;
    nanosleep(&pause, nullptr);
  }
  kill(child, SIGKILL);
  waitpid(child, nullptr, 0);
  return false;
}

}  // namespace

void prepare_backtraces() noexcept { unw_set_caching_policy(unw_local_addr_space, UNW_CACHE_NONE); }

void report_backtrace(void* signal_context, const char* who) noexcept {
  frames stack = unwind(signal_context);
  if (stack.count == 0) return;
  report("%s: backtrace of its stack, innermost call first:", who);
  if (!symbolize_in_child(stack, who)) report_raw(stack, who);
  if (stack.truncated) report("%s:   ... and deeper frames, not shown", who);
}

}  // namespace weft::runtime
