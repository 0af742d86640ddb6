#include "runtime/worker.hpp"

#include <poll.h>
#include <sched.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <memory>

#include "runtime/asymmetric_fence.hpp"
#include "runtime/config.hpp"
#include "runtime/cpu_relax.hpp"
#include "runtime/debugger_anchor.hpp"
#include "runtime/exception_state.hpp"
#include "runtime/futex.hpp"
#include "runtime/guarded_stack.hpp"
#include "runtime/job.hpp"
#include "runtime/network_module.hpp"
#include "runtime/report.hpp"
#include "runtime/sanitizers.hpp"
#include "runtime/scheduler.hpp"
#include "runtime/this_thread.hpp"

namespace weft::runtime {
namespace {

// Boost.Context copies the allocator into the fiber; this one also records where the stack is, so that
// a fault on its guard page can be attributed to the rank.
class recording_stack {
 public:
  recording_stack(guarded_stack& source, boost::context::stack_context& record) : source_(&source), record_(&record) {}
  boost::context::stack_context allocate() { return *record_ = source_->allocate(); }
  void deallocate(boost::context::stack_context& stack) noexcept { source_->deallocate(stack); }

 private:
  guarded_stack* source_;
  boost::context::stack_context* record_;
};

// A rank runs again: its worker resumed it (and is its scheduler from now on), or another rank of the
// worker did (and handed it the worker's context before, leaving `resumer` empty).
void back_on_thread(rank& self, boost::context::fiber&& resumer) noexcept {
  if (resumer) self.scheduler = std::move(resumer);
  switched_from_worker(self.sanitized);
}

constexpr unsigned network_poll_interval = 32;
// A busy worker looks again at its watching ranks every this many switches: a heavy fence (about 0.3 us)
// and a look at their inboxes, spread over switches of 50-100 ns each.
constexpr unsigned confirm_interval = 64;
static_assert(confirm_interval % network_poll_interval == 0, "the periodic work comes every network_poll_interval");

}  // namespace

worker::worker(int index, std::span<rank> ranks, job& owner)
    : index_(index), ranks_(ranks), job_(owner), live_ranks_(static_cast<int>(ranks.size())) {}

worker* worker::current() noexcept { return this_thread::worker; }

void worker::create_fiber(rank& r) {
  r.home = this;
  fiber_creating(r.sanitized);
  r.context = boost::context::fiber(std::allocator_arg, recording_stack(job_.stacks(), r.stack),
                                    [&r, this](boost::context::fiber&& scheduler) {
                                      rank_entered();
                                      r.entered = true;
                                      r.scheduler = std::move(scheduler);
                                      r.exit_code = job_.run_main(r);
                                      r.reason = switch_reason::finish;
                                      switching_to_worker(r.sanitized, true);
                                      return std::move(r.scheduler);
                                    });
  fiber_created(r.sanitized);
}

void worker::run() {
  this_thread::worker = this;
  this_thread::shares_core = job_.workers_share_cores();
  publish_worker_thread_for_debuggers(index_, *this);
  exception_globals_ = &thread_exception_state();
  job_.prepare_worker_thread(index_);
  unconfirmed_watchers_.reserve(ranks_.size());
  for (rank& r : ranks_) {
    create_fiber(r);
    local_ready_.push_back(&r);
  }
  network_module* network = job_.network();
  if (network != nullptr) {
    wake_fd_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (wake_fd_ < 0) fatal(1, "worker %d: eventfd: %s", index_, std::strerror(errno));
  }
  while (live_ranks_ > 0) {
    if (++switches_ % network_poll_interval == 0) periodic_work(network);
    if (remote_pending_.load(std::memory_order_acquire)) take_remote();
    rank* next = local_ready_.pop_front();
    if (next != nullptr)
      run_rank(next);
    else
      idle();
  }
  this_thread::worker = nullptr;
}

// Polling the network costs about as much as a switch between ranks: a busy worker polls it every
// network_poll_interval switches, an idle one all the time (idle()).
void worker::periodic_work(network_module* network) {
  if (network != nullptr) network->progress(index_);
  if (switches_ % confirm_interval == 0) confirm_watchers();
}

// What the thread carries for the rank it runs, put in place and taken back.
void worker::step_in(rank& r) noexcept {
  this_thread::rank = &r;
  swap_exception_state(*exception_globals_, r.exceptions);
  privatize::rank_globals::switch_in(r.globals.get());
  switch_openmp_settings(r.openmp);
  errno = r.saved_errno;
}

void worker::step_out(rank& r) noexcept {
  r.saved_errno = errno;
  privatize::rank_globals::switch_in(nullptr);
  swap_exception_state(*exception_globals_, r.exceptions);
  this_thread::rank = nullptr;
}

void worker::run_rank(rank* r) {
  step_in(*r);
  switching_to_rank(r->sanitized, r->stack);
  boost::context::fiber left = std::move(r->context).resume();
  switched_from_rank();
  // Ranks may have switched to each other since: the one that gave the thread back is the current one.
  rank* last = this_thread::rank;
  last->context = std::move(left);
  step_out(*last);
  if (last->reason == switch_reason::finish) {
    fiber_finished(last->sanitized);
    last->state.store(rank_state::finished, std::memory_order_release);
    live_ranks_.store(live_ranks_.load(std::memory_order_relaxed) - 1, std::memory_order_relaxed);
    job_.rank_finished(*last);
  }
}

void worker::settle(rank& self, switch_reason reason) {
  if (reason == switch_reason::yield) {
    local_ready_.push_back(&self);
    return;
  }
  // A park. Nobody but this thread resumes the rank, so it may be marked blocked before its context is
  // saved: an unpark() from another thread only queues it here.
  rank_state expected = rank_state::runnable;
  if (!self.state.compare_exchange_strong(expected, rank_state::blocked, std::memory_order_acq_rel)) {
    // An unpark() came after the rank's last look: consume it (as an RMW, so that it also covers any
    // later one) and let the rank look again.
    self.state.exchange(rank_state::runnable, std::memory_order_acq_rel);
    local_ready_.push_back(&self);
  } else if (arrivals* inbox = self.inbox.load(std::memory_order_acquire);
             inbox != nullptr && !self.watch_unconfirmed && inbox->has_senders()) {
    self.watch_unconfirmed = true;
    unconfirmed_watchers_.push_back(&self);
  }
}

void worker::leave(rank& self, switch_reason reason) {
  settle(self, reason);
  if (remote_pending_.load(std::memory_order_acquire)) take_remote();
  rank* next = local_ready_.front();
  if (next == nullptr || !next->entered || (switches_ + 1) % network_poll_interval == 0) {
    to_worker(self, reason);
    return;
  }
  local_ready_.pop_front();
  ++switches_;
  if (next != &self) switch_directly(self, *next);
}

void worker::to_worker(rank& self, switch_reason reason) {
  self.reason = reason;
  switching_to_worker(self.sanitized, reason == switch_reason::finish);
  back_on_thread(self, std::move(self.scheduler).resume());
}

void worker::switch_directly(rank& from, rank& to) {
  step_out(from);
  step_in(to);
  to.scheduler = std::move(from.scheduler);
  switching_between_ranks(from.sanitized, to.sanitized, to.stack);
  boost::context::fiber resumer = std::move(to.context).resume_with([&from](boost::context::fiber&& left) {
    from.context = std::move(left);
    return boost::context::fiber{};
  });
  back_on_thread(from, std::move(resumer));
}

void worker::wake_for_network() noexcept {
  if (wake_fd_ >= 0) ::eventfd_write(wake_fd_, 1);
}

void worker::enqueue(rank* ready) {
  if (this_thread::worker == this) {
    local_ready_.push_back(ready);
    return;
  }
  {
    std::lock_guard guard(remote_lock_);
    remote_ready_.push_back(ready);
  }
  remote_pending_.store(true, std::memory_order_release);
  // Pairs with the fence in idle(): either the sleeper sees the queued rank or we see it sleeping.
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (sleeping_.load(std::memory_order_relaxed)) {
    if (wake_fd_ >= 0) {
      ::eventfd_write(wake_fd_, 1);
      return;
    }
    wake_sequence_.fetch_add(1, std::memory_order_release);
    futex_wake(wake_sequence_);
  }
}

void worker::take_remote() {
  std::lock_guard guard(remote_lock_);
  remote_pending_.store(false, std::memory_order_relaxed);
  local_ready_.splice_back(remote_ready_);
}

void worker::confirm_watchers() {
  if (unconfirmed_watchers_.empty()) return;
  // After it, every write a sender made before is visible here, and every sender's later look sees the
  // rank watching: only the writes of before can have been missed.
  heavy_fence();
  for (rank* r : unconfirmed_watchers_) {
    r->watch_unconfirmed = false;
    if (r->inbox.load(std::memory_order_relaxed)->arrived()) unpark(r);
  }
  unconfirmed_watchers_.clear();
}

void worker::idle() {
  confirm_watchers();
  if (!local_ready_.empty()) return;
  using clock = std::chrono::steady_clock;
  network_module* network = job_.network();
  auto spin_until = clock::now() + std::chrono::microseconds(job_config().idle_spin_us);
  // A worker that shares its core gives it away between looks (after Open MPI's yield-when-idle): spinning,
  // it would keep the thread it waits for off the core until the system's next scheduler tick.
  const bool yields = this_thread::shares_core;
  do {
    for (int i = 0; i < (yields ? 1 : 64); ++i) {
      if (remote_pending_.load(std::memory_order_acquire)) return;
      if (yields)
        ::sched_yield();
      else
        cpu_relax();
    }
    if (network != nullptr && network->progress(index_)) return;
  } while (clock::now() < spin_until);

  sleep(network);
}

void worker::sleep(network_module* network) {
  std::uint32_t sequence = wake_sequence_.load(std::memory_order_acquire);
  sleeping_.store(true, std::memory_order_relaxed);
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (!remote_pending_.load(std::memory_order_relaxed)) {
    if (network == nullptr) {
      futex_wait(wake_sequence_, sequence);
    } else if (network->may_sleep(index_)) {
      pollfd waited[] = {{wake_fd_, POLLIN, 0}, {network->wait_fd(index_), POLLIN, 0}};
      ::poll(waited, 2, -1);
      eventfd_t wakes;
      ::eventfd_read(wake_fd_, &wakes);  // nonblocking: clears the wake-ups, if any
    }
  }
  sleeping_.store(false, std::memory_order_relaxed);
}

}  // namespace weft::runtime
