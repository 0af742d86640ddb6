#pragma once
// A worker: one OS thread that runs its ranks' fibers, one at a time, until all of them have finished.
//
// A rank that parks or yields hands the thread straight to the next ready rank of its worker (one context
// switch, not two through the worker's own context); it goes back to the worker's context when no other
// rank is ready, when the next one has never run, or when the worker's periodic work (network poll, second
// look at watching ranks) is due.
//
// Its local ready queue is touched only by its own thread; ranks woken from other workers arrive
// through a locked remote queue. A worker with nothing to run spins briefly, then sleeps on a futex
// until a remote wake-up arrives (on a job across nodes, in poll() until that or the network wakes it).

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "runtime/exception_state.hpp"
#include "runtime/intrusive_queue.hpp"
#include "runtime/rank.hpp"
#include "runtime/spinlock.hpp"

namespace weft::runtime {

class job;
class network_module;

class worker {
 public:
  worker(int index, std::span<rank> ranks, job& owner);
  worker(const worker&) = delete;
  worker& operator=(const worker&) = delete;

  // Creates this worker's rank fibers (on this thread, so their stacks are first touched on its NUMA
  // node) and runs them to completion.
  void run();

  // Queues a rank of this worker that became ready; callable from any thread.
  void enqueue(rank* ready);

  // Any thread, on a job across nodes: has the worker poll the network soon, from its sleep if it sleeps
  // (the network has something to send that only this worker may).
  void wake_for_network() noexcept;

  // Rank side, on the rank's own stack: the running rank `self` gives up the thread for `reason` (yield or
  // park), and is back when it runs again (possibly at once: a yield with nobody else ready, a park with a
  // permit already there).
  void leave(rank& self, switch_reason reason);
  // Rank side: the running rank goes back to the worker's context for `reason` (finish: never to return).
  void to_worker(rank& self, switch_reason reason);

  // Ranks woken by other workers count too: a rank that polls (MPI_Test in a loop) and yields must let
  // them in, or it spins while the rank it waits for sits in the remote queue.
  bool has_ready() const noexcept { return !local_ready_.empty() || remote_pending_.load(std::memory_order_acquire); }
  int index() const noexcept { return index_; }
  // Its ranks that have not finished.
  // Any thread.
  int live_ranks() const noexcept { return live_ranks_.load(std::memory_order_relaxed); }
  std::span<const rank> ranks() const noexcept { return ranks_; }

  // The worker of the calling thread, nullptr on other threads.
  static worker* current() noexcept;

 private:
  void create_fiber(rank& r);
  void run_rank(rank* r);
  void step_in(rank& r) noexcept;
  void step_out(rank& r) noexcept;
  void settle(rank& self, switch_reason reason);
  void switch_directly(rank& from, rank& to);
  void periodic_work(network_module* network);
  void take_remote();
  void confirm_watchers();
  void idle();
  void sleep(network_module* network);

  int index_;
  std::span<rank> ranks_;
  job& job_;
  std::atomic<int> live_ranks_;                   // changed by the worker's thread alone
  exception_state* exception_globals_ = nullptr;  // this thread's, looked up once
  intrusive_queue<rank, &rank::next_ready> local_ready_;
  // Switches from one rank to the next, through the worker or directly; paces the periodic work.
  unsigned switches_ = 0;
  // Ranks that parked watching their inbox since the last confirm_watchers() (arrivals.hpp); at most one
  // entry a rank, room for all reserved up front.
  std::vector<rank*> unconfirmed_watchers_;

  // Cross-thread wake-ups, apart from the hot local state.
  alignas(64) spinlock remote_lock_;
  intrusive_queue<rank, &rank::next_ready> remote_ready_;
  std::atomic<bool> remote_pending_{false};
  std::atomic<bool> sleeping_{false};
  std::atomic<std::uint32_t> wake_sequence_{0};
  // On a job across nodes, a sleeping worker waits in poll() for the network or for this eventfd, which
  // wakes it instead of the futex.
  int wake_fd_ = -1;
};

}  // namespace weft::runtime
