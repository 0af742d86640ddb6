#include "runtime/scheduler.hpp"

#include <sched.h>

#include <chrono>
#include <climits>

#include "runtime/asymmetric_fence.hpp"
#include "runtime/futex.hpp"
#include "runtime/job.hpp"
#include "runtime/report.hpp"
#include "runtime/this_thread.hpp"
#include "runtime/worker.hpp"

namespace weft::runtime {
namespace {

// The running rank gives up its worker's thread until it is its turn again.
void switch_away(switch_reason reason) {
  rank& self = *this_thread::rank;
  self.home->leave(self, reason);
}

// The fiber takes its rank's call lock (call_lock.hpp) without blocking its worker's thread: one of the
// rank's threads holds it for the short stretch of a call that does not wait, and the worker's other ranks
// run meanwhile.
void acquire_calls_from_fiber(rank& self) noexcept {
  while (!self.calls.try_lock()) {
    if (self.home->has_ready() && self.open_parallel_regions == 0)
      switch_away(switch_reason::yield);
    else
      cpu_relax();
  }
}

// What the fiber does while it does not run, with its rank's call lock given up if a call of it holds it:
// the rank's threads may call MPI meanwhile.
template <class Away>
void away_from_calls(rank& self, Away away) {
  bool holds = self.fiber_call_depth > 0;
  if (holds) self.calls.unlock();
  away();
  if (holds) acquire_calls_from_fiber(self);
}

// Takes in the rank's arrivals. Outside any MPI call of a rank whose threads call MPI (its fiber joining a
// thread) they are taken only under the rank's call lock, which one of its threads may hold: then not at all.
// A thread of the rank is inside a call, under the lock (and must not read the fiber's call depth).
bool take_arrivals_in_turn(rank& self) noexcept {
  if (this_thread::worker == nullptr || self.fiber_call_depth > 0 ||
      !self.threads_call_mpi.load(std::memory_order_relaxed)) [[likely]]
    return take_arrivals();
  if (!self.calls.try_lock()) return false;
  bool taken = take_arrivals();
  self.calls.unlock();
  return taken;
}

// Wakes the threads of `self` that sleep on its thread_wake: its threads waiting in MPI, or its fiber
// waiting on its thread. Every such unpark() bumps the word, so a thread that read it before it looked at
// what it waits for never sleeps through the change.
void wake_threads(rank& self) noexcept {
  self.thread_wake.fetch_add(1, std::memory_order_seq_cst);
  if (self.thread_waiters.load(std::memory_order_seq_cst) > 0 || self.waits_on_thread.load(std::memory_order_relaxed))
    futex_wake(self.thread_wake, INT_MAX);
}

// A rank inside an OpenMP parallel region waits without leaving its thread (rank::open_parallel_regions):
// the thread sleeps until unpark() wakes it. Its worker runs no other rank meanwhile, so any other rank of
// that worker could be the one it waits for: such a wait is refused rather than left to hang.
void park_on_thread(rank& self) {
  worker& home = *self.home;
  if (home.live_ranks() > 1)
    fatal(1,
          "rank %d waits in %s inside an OpenMP parallel region, where it cannot leave its thread to the other "
          "ranks of its worker (%d) until the region ends, and they may be the ones it waits for; run one rank "
          "per worker: WEFT_WORKERS at least the number of ranks on the node",
          self.id, self.waiting.call != nullptr ? self.waiting.call : "MPI", home.live_ranks() - 1);
  std::uint32_t wake = self.thread_wake.load(std::memory_order_acquire);
  self.waits_on_thread.store(true, std::memory_order_relaxed);
  rank_state expected = rank_state::runnable;
  if (self.state.compare_exchange_strong(expected, rank_state::blocked, std::memory_order_acq_rel)) {
    // The second look the worker gives a rank that parked watching its inbox (worker::confirm_watchers),
    // given here: the worker does nothing else while this rank holds its thread.
    arrivals* inbox = self.inbox.load(std::memory_order_acquire);
    if (inbox != nullptr && inbox->has_senders()) {
      heavy_fence();
      if (inbox->arrived()) unpark(&self);
    }
    // Messages from other nodes move only when someone polls the network: the worker would, so this does.
    network_module* network = job::current().network();
    constexpr timespec network_look{0, 100'000};
    away_from_calls(self, [&] {
      while (self.state.load(std::memory_order_acquire) == rank_state::blocked) {
        if (network != nullptr) network->progress(home.index());
        futex_wait(self.thread_wake, wake, network != nullptr ? &network_look : nullptr);
        wake = self.thread_wake.load(std::memory_order_acquire);
      }
    });
  } else {
    // An unpark() came after the rank's last look: consume it, as the worker would.
    self.state.exchange(rank_state::runnable, std::memory_order_acq_rel);
  }
  self.waits_on_thread.store(false, std::memory_order_relaxed);
}

// A thread of `owner` that slept in a wait while the rank's fiber holds its worker inside an OpenMP parallel
// region, beside other ranks of that worker: they cannot run until the region ends, and what the thread
// waits for may be theirs (the primary thread waits at the region's end for this one). Nothing happening
// for the rank (no unpark: `seen` unchanged) over WEFT_DEADLOCK_SECONDS of it ends the job with what to do,
// where it would otherwise hang: the whole-job check cannot see it, the region's rank being the running one.
void refuse_wait_behind_region(const rank& owner, std::uint32_t seen) {
  struct stretch {
    const rank* owner = nullptr;
    std::uint32_t seen = 0;
    std::chrono::steady_clock::time_point since;
  };
  thread_local stretch held;
  const unsigned limit = job_config().deadlock_seconds;
  const worker& home = *owner.home;
  if (limit == 0 || owner.open_parallel_regions.load(std::memory_order_relaxed) == 0 || home.live_ranks() < 2) {
    held.owner = nullptr;
    return;
  }
  auto now = std::chrono::steady_clock::now();
  if (held.owner != &owner || held.seen != seen) {
    held = {&owner, seen, now};
    return;
  }
  if (now - held.since < std::chrono::seconds(limit)) return;
  fatal(125,
        "rank %d: a thread of the rank has waited in MPI for %u s while the rank's primary thread holds worker "
        "%d inside an OpenMP parallel region; the worker's %d other ranks cannot run until the region ends, "
        "and what the thread waits for may be theirs. Run one rank per worker (WEFT_WORKERS at least the "
        "number of ranks on the node), or call MPI from the primary thread outside parallel regions",
        owner.id, limit, home.index(), home.live_ranks() - 1);
}

}  // namespace

void park_thread(rank& owner, std::uint32_t seen) noexcept {
  // Messages other ranks leave in the rank's rings wake it only while it watches its inbox: the thread
  // watches (under the call lock, so one caller at a time), and looks once more after a heavy fence for a
  // sender that missed the watch, as the worker does for a parked fiber (worker::confirm_watchers). It
  // does not stop watching when it wakes: another thread of the rank may still sleep on it, and a wake
  // that comes later costs the rank one look. It also looks again after a while, whatever happens: sooner
  // on a job across nodes, where the thread may be the only one to move the network (progress_network).
  constexpr timespec look_again{0, 200'000};
  constexpr timespec network_look{0, 50'000};
  if (arrivals* inbox = owner.inbox.load(std::memory_order_acquire)) {
    if (!inbox->watch()) return;
    if (inbox->has_senders()) {
      heavy_fence();
      if (inbox->arrived()) return;
    }
  }
  owner.thread_waiters.fetch_add(1, std::memory_order_seq_cst);
  owner.calls.unlock();
  futex_wait(owner.thread_wake, seen, job::current().network() != nullptr ? &network_look : &look_again);
  owner.thread_waiters.fetch_sub(1, std::memory_order_relaxed);
  owner.calls.lock_from_thread();
  refuse_wait_behind_region(owner, seen);
}

void enter_call_from_fiber(rank& self) noexcept {
  if (self.fiber_call_depth++ == 0) acquire_calls_from_fiber(self);
}

void leave_call_from_fiber(rank& self) noexcept {
  if (--self.fiber_call_depth == 0) self.calls.unlock();
}

void enter_call_from_thread(rank& owner) noexcept {
  if (this_thread::call_depth++ > 0) return;
  owner.calls.lock_from_thread();
  this_thread::rank = &owner;
}

void leave_call_from_thread() noexcept {
  if (--this_thread::call_depth > 0) return;
  rank* owner = this_thread::rank;
  this_thread::rank = nullptr;
  owner->calls.unlock();
}

int job_size() noexcept { return job::current().size(); }

bool others_ready() noexcept { return this_thread::worker != nullptr && this_thread::worker->has_ready(); }

void yield() {
  rank& self = *this_thread::rank;
  take_arrivals_in_turn(self);
  if (this_thread::worker == nullptr) [[unlikely]] {
    // One of the rank's threads, polling: the rank's other callers get the lock meanwhile.
    progress_network();
    self.calls.unlock();
    ::sched_yield();
    self.calls.lock_from_thread();
    return;
  }
  if (others_ready() && self.open_parallel_regions == 0)
    away_from_calls(self, [] { switch_away(switch_reason::yield); });
  // A rank polling for a message from another node must move the network itself when it runs alone.
  else
    progress_network();
}

void progress_network() {
  network_module* network = job::current().network();
  if (network == nullptr) return;
  // A thread working for a rank moves its rank's worker's part: the worker may be held by the rank's main
  // thread (at the end of an OpenMP region, waiting for this thread) and move nothing meanwhile.
  const worker* home = this_thread::worker != nullptr ? this_thread::worker : this_thread::rank->home;
  network->progress(home->index());
}

void park() {
  rank* self = this_thread::rank;
  if (take_arrivals_in_turn(*self)) return;
  if (self->background != nullptr && self->background->advance()) return;
  if (this_thread::worker == nullptr) [[unlikely]] {
    park_thread(*self, self->thread_wake.load(std::memory_order_acquire));
    return;
  }
  // A permit that is already there is consumed here, without a round trip through the worker.
  rank_state expected = rank_state::notified;
  if (self->state.load(std::memory_order_relaxed) == expected &&
      self->state.compare_exchange_strong(expected, rank_state::runnable, std::memory_order_acq_rel))
    return;
  arrivals* inbox = self->inbox.load(std::memory_order_acquire);
  if (inbox != nullptr && !inbox->watch()) return;
  self->parks.store(self->parks.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  if (self->open_parallel_regions == 0) [[likely]]
    away_from_calls(*self, [] { switch_away(switch_reason::park); });
  else
    park_on_thread(*self);
  if (inbox != nullptr) inbox->unwatch();
}

namespace {

// The state machine of unpark() (rank.hpp); true when it made runnable a fiber that waits on its thread,
// which then needs its thread woken.
bool give_permit(rank* target) noexcept {
  rank_state state = target->state.load(std::memory_order_relaxed);
  for (;;) {
    switch (state) {
      case rank_state::runnable:
      case rank_state::notified:
        // Always a read-modify-write, even when the permit is already set: the rank's next acquire of
        // its state then also sees what this caller did before.
        if (target->state.compare_exchange_weak(state, rank_state::notified, std::memory_order_acq_rel)) return false;
        break;
      case rank_state::blocked:
        if (target->state.compare_exchange_weak(state, rank_state::runnable, std::memory_order_acq_rel)) {
          if (target->waits_on_thread.load(std::memory_order_relaxed)) return true;
          target->home->enqueue(target);
          return false;
        }
        break;
      case rank_state::finished:
        return false;
    }
  }
}

}  // namespace

void unpark(rank* target) noexcept {
  // The rank's threads wait in MPI too when they call it: whatever woke the rank may be what one of them
  // waits for.
  if (give_permit(target) || target->threads_call_mpi.load(std::memory_order_relaxed)) wake_threads(*target);
}

void finish_current_rank(int code) {
  rank* self = this_thread::rank;
  self->exit_code = code;
  self->home->to_worker(*self, switch_reason::finish);
  __builtin_unreachable();  // a finished rank is never resumed
}

}  // namespace weft::runtime
