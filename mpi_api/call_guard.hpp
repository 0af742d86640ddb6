#pragma once
// The entry of every MPI call (but the few that need no rank: MPI_Wtime, MPI_Get_version, ...).
//
// Without MPI_THREAD_MULTIPLE or SERIALIZED only a rank's fiber calls MPI, and the guard costs a look at the
// calling rank. With it, a call from the rank's fiber or from one of the threads the rank started runs
// alone: it holds the rank's call lock from entry to exit, except while it waits (runtime/call_lock.hpp),
// and a thread acts as its rank for the call (runtime::this_thread::rank). A call from a thread that may not
// call MPI ends the job with a message naming the rank and the call: a thread of a rank that did not ask
// for more than MPI_THREAD_FUNNELED, or a thread of no rank.
//
// The guard also gives the caller back its errno: each rank has its own, as a process would, and what
// the call did on the way (a wait on another rank's first use of a static, in the C++ runtime's futex,
// leaves EAGAIN) must not show in it.

#include <cerrno>
#include <cstdint>

#include "runtime/rank.hpp"
#include "runtime/this_thread.hpp"

namespace weft::mpi {

class call_guard {
 public:
  // The calls the standard lets any thread make at any time (MPI_Initialized, MPI_Query_thread, ...): they
  // only read the rank's state, so a thread of the rank makes them without the lock, whatever its level.
  enum kind : std::uint8_t { call, query };

  explicit call_guard(const char* name, kind what = call) noexcept : errno_(errno) {
    runtime::rank* self = runtime::this_thread::rank;
    if (self != nullptr && !self->threads_call_mpi.load(std::memory_order_relaxed)) [[likely]]
      return;
    enter(name, what);
  }
  ~call_guard() {
    if (entered_ != entered::none) [[unlikely]]
      leave();
    errno = errno_;
  }
  call_guard(const call_guard&) = delete;
  call_guard& operator=(const call_guard&) = delete;

 private:
  enum class entered : std::uint8_t { none, fiber, thread, query };

  void enter(const char* name, kind what) noexcept;
  void leave() noexcept;

  int errno_;
  entered entered_ = entered::none;
};

}  // namespace weft::mpi
