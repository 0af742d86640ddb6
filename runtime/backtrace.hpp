#pragma once
// The stack of a faulting rank, printed by the fault handler: one "weft: <who>:   #i function at file:line"
// line per frame, innermost first.
//
// Unwinding uses libunwind's local unwinder, which is async-signal-safe (no malloc, no locks with its
// cache turned off). Naming frames needs the DWARF information and allocates, which a signal handler must
// not do (the fault may have happened inside malloc, holding its lock): that part runs in a child forked
// for it, with libdw, and the handler waits for it at most a few seconds. A child stuck on a lock held at
// the fork is killed, and the frames are printed with libunwind's symbol names only.

namespace weft::runtime {

// Called once, before any fault: sets libunwind up for use from signal handlers.
void prepare_backtraces() noexcept;

// Reports the stack of `signal_context` (the ucontext_t a SA_SIGINFO handler received), each line
// prefixed with `who` ("rank 3").
void report_backtrace(void* signal_context, const char* who) noexcept;

}  // namespace weft::runtime
