#pragma once
// What the layers above the runtime use to wait: the calling rank polls briefly, then parks, and is
// resumed by whoever completes the thing it waits for. Nothing spins forever, so any number of ranks
// share any number of workers.

#include <cstdint>
#include <utility>

#include "runtime/config.hpp"
#include "runtime/cpu_relax.hpp"
#include "runtime/rank.hpp"
#include "runtime/this_thread.hpp"

namespace weft::runtime {

// The rank running on this thread, nullptr outside any rank (main thread before and after the job). Inline:
// every MPI call asks, some several times.
inline rank* current_rank() noexcept { return this_thread::rank; }

// Number of ranks in the job.
int job_size() noexcept;

// Lets the other ready ranks of this worker run; when there are none, moves what arrived from other nodes
// (on a job across nodes) and returns.
void yield();

// Moves what arrived from other nodes for the ranks of the calling rank's worker; nothing on a job of one
// node.
void progress_network();

// How many polls of a waiting rank pass between two looks at the network: few when what it waits for comes
// from another node (a look costs a system call, and a poll 47 ns here: 64 polls left a reply in the socket
// for up to 3 us), many otherwise (its worker's other ranks still need their messages moved).
inline constexpr unsigned network_poll_stride = 64;
inline constexpr unsigned network_wait_stride = 1;

// How many times a waiting rank polls before it parks: none where its worker shares its core
// (this_thread::shares_core), since the thread it waits for may need that core. Parking at once, and
// letting the idle worker yield the core (worker::idle), beat polling with a yield between polls, which
// kept ranks that had work off the core for scheduler ticks.
inline unsigned poll_budget() noexcept { return this_thread::shares_core ? 0 : job_config().poll_count; }

// Suspends the calling rank until unpark(); may return spuriously, so callers re-check their condition.
// The messages left for the rank are taken in and its background work (rank::background) advances first;
// park returns at once when either did anything.
void park();

// Makes a parked rank runnable (or lets its next park() return at once). Callable from any worker.
void unpark(rank* target) noexcept;

// Whether another rank of the calling rank's worker is ready to run.
bool others_ready() noexcept;

// Takes in the messages left for the calling rank (rank::inbox); true when any were.
inline bool take_arrivals() {
  arrivals* inbox = current_rank()->inbox.load(std::memory_order_acquire);
  return inbox != nullptr && inbox->take();
}

// Ends the calling rank as if its main had returned `code`; never returns.
[[noreturn]] void finish_current_rank(int code);

// The entry and exit of an MPI call of a rank whose threads call MPI (rank::threads_call_mpi), from its fiber
// or from a thread working for it (`owner`), which acts as the rank (this_thread::rank) until it leaves.
// Nested calls take the rank's call lock once (call_lock.hpp).
void enter_call_from_fiber(rank& self) noexcept;
void leave_call_from_fiber(rank& self) noexcept;
void enter_call_from_thread(rank& owner) noexcept;
void leave_call_from_thread() noexcept;

// A thread of `owner` inside an MPI call waits until unpark(owner) changes owner.thread_wake from `seen`, or
// for a short while, with the call lock given up.
void park_thread(rank& owner, std::uint32_t seen) noexcept;

// wait_until on a thread of a rank that is not its fiber: the thread sleeps (park_thread). It reads the
// rank's wake word before each look, so an unpark() after the look is never slept through.
template <class Done, class BeforePark>
void wait_on_thread(Done&& done, BeforePark&& before_park) {
  rank& owner = *current_rank();
  for (;;) {
    std::uint32_t seen = owner.thread_wake.load(std::memory_order_acquire);
    if (done() || (take_arrivals() && done())) return;
    if (owner.background != nullptr && owner.background->advance() && done()) return;
    progress_network();
    if (done()) return;
    before_park();
    if (done()) return;
    park_thread(owner, seen);
  }
}

// Waits until done() is true. Whoever makes it true must call unpark() on the waiting rank afterwards;
// `before_park` runs before each park, for waiters that must say where they wait (done() is checked again
// after it, so an unpark in between is not lost). Spinning only pays when the event can come from
// another worker, so the rank polls only while nothing else of its worker could run; it looks at the
// network every `network_stride` polls.
template <class Done, class BeforePark>
void wait_until(Done&& done, BeforePark&& before_park, unsigned network_stride = network_poll_stride) {
  if (this_thread::worker == nullptr) [[unlikely]] {
    wait_on_thread(done, before_park);
    return;
  }
  while (!done()) {
    unsigned until_network = network_stride;
    for (unsigned polls = poll_budget(); polls != 0 && !others_ready(); --polls) {
      cpu_relax();
      if (done() || (take_arrivals() && done())) return;
      // What the rank waits for may come from another node, and while it polls nothing else moves the network.
      if (--until_network == 0) {
        until_network = network_stride;
        progress_network();
        if (done()) return;
      }
    }
    before_park();
    if (done()) return;
    park();
  }
}

template <class Done>
void wait_until(Done&& done) {
  wait_until(std::forward<Done>(done), [] {});
}

}  // namespace weft::runtime
