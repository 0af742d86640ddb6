#pragma once
// The C++ runtime keeps the exceptions being handled (for `throw;` and std::current_exception) and the
// count of uncaught ones per thread. Ranks share their worker's thread, so a rank that blocks inside a
// catch block would see another rank's exception on resuming. Each rank therefore carries its own copy,
// swapped in and out around every switch.

namespace weft::runtime {

// Layout fixed by the Itanium C++ ABI (section 2.5.2), which libstdc++ and libc++ follow.
struct exception_state {
  void* caught_exceptions = nullptr;
  unsigned int uncaught_exceptions = 0;
};

// The calling thread's exception state inside the C++ runtime.
exception_state& thread_exception_state() noexcept;

inline void swap_exception_state(exception_state& thread, exception_state& saved) noexcept {
  exception_state held = thread;
  thread = saved;
  saved = held;
}

}  // namespace weft::runtime
