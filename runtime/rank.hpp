#pragma once
// The control block of one MPI rank: a fiber bound for life to one worker.

#include <atomic>
#include <boost/context/fiber.hpp>
#include <boost/context/stack_context.hpp>
#include <cstdint>
#include <memory>
#include <optional>

#include "privatize/runtime/rank_globals.hpp"
#include "runtime/arrivals.hpp"
#include "runtime/background_work.hpp"
#include "runtime/call_lock.hpp"
#include "runtime/exception_state.hpp"
#include "runtime/openmp_settings.hpp"
#include "runtime/sanitizers.hpp"
#include "runtime/wait_site.hpp"

namespace weft::runtime {

class worker;

// runnable -> running on its worker or waiting in its ready queue (the worker's business alone, so
//             switching a rank in and out touches no shared state).
// notified -> runnable, and an unpark() arrived since the rank last looked: its next park() returns at
//             once. Every unpark() is a read-modify-write of this state, so whoever consumes the permit
//             with an acquire sees everything the wakers did before unparking.
// blocked  -> parked; the next unpark() makes it runnable and queues it on its worker.
// finished -> its main has returned.
enum class rank_state : std::uint8_t { runnable, notified, blocked, finished };

// Why a rank handed control back to its worker.
enum class switch_reason : std::uint8_t { yield, park, finish };

struct alignas(64) rank {
  // Written by other workers (unpark), so it sits alone on the first cache line.
  std::atomic<rank_state> state{rank_state::runnable};

  alignas(64) int id = -1;
  worker* home = nullptr;
  rank* next_ready = nullptr;  // hook of the ready queues
  switch_reason reason = switch_reason::yield;
  bool entered = false;  // its fiber has started: from then on another rank may switch to it directly
  int exit_code = 0;
  boost::context::fiber context;    // the rank's own context while it is not running
  boost::context::fiber scheduler;  // its worker's context while the rank runs
  boost::context::stack_context stack;
  [[no_unique_address]] fiber_annotations sanitized;  // empty unless built with sanitizers
  exception_state exceptions;                         // the rank's C++ exception state while it does not run
  int saved_errno = 0;                                // errno is the thread's; each rank keeps its own across switches
  // Its copy of the program's globals and its per-process libc state; made on its fiber when it starts.
  std::unique_ptr<privatize::rank_globals> globals;
  // What the rank started and must advance whenever it would park; null when nothing (set by the layers
  // above, from the rank itself).
  background_work* background = nullptr;
  // Where messages left for the rank wait to be taken in (set by the layers above when the rank, or one of
  // its threads, first receives, while its worker may look at it); null until then.
  std::atomic<arrivals*> inbox{nullptr};
  // Parked watching its inbox and not yet looked at again by its worker after a heavy fence (worker-owned).
  bool watch_unconfirmed = false;
  // What the rank waits for while it is blocked in a recorded wait (see wait_site.hpp).
  wait_site waiting;
  // OpenMP parallel regions the rank's fiber has begun and not yet ended (openmp_tool.cpp; changed by the
  // rank's own thread alone, read by its threads too). While one is open the fiber must not leave its
  // thread: the OpenMP runtime keeps the region's state per thread, and another rank starting a region
  // there would take it for its own.
  std::atomic<int> open_parallel_regions{0};
  // The OpenMP settings the rank set outside regions (openmp_settings.hpp); none: the worker's defaults.
  std::optional<openmp_settings> openmp;
  // Set while the rank waits without leaving its thread (park_on_thread): unpark then wakes the thread
  // through thread_wake instead of queueing the rank on its worker.
  std::atomic<bool> waits_on_thread{false};
  // Bumped by every unpark() of a rank whose threads call MPI (and of one that waits on its thread): the
  // futex its waiting threads sleep on.
  std::atomic<std::uint32_t> thread_wake{0};
  // MPI_THREAD_MULTIPLE or SERIALIZED provided: the threads the rank started call MPI too, one call at a time
  // under `calls` (call_lock.hpp). Set once, by the rank; read by its threads and the watchdog.
  std::atomic<bool> threads_call_mpi{false};
  call_lock calls;
  int fiber_call_depth = 0;                      // the fiber's MPI calls under way, nested ones counted
  std::atomic<std::uint32_t> thread_waiters{0};  // the rank's threads asleep on thread_wake
  // How many times the rank has parked, written by the rank alone: the watchdog tells a rank that stayed
  // blocked from one that ran and blocked again.
  std::atomic<std::uint32_t> parks{0};
};

}  // namespace weft::runtime
