#include "runtime/scheduler.hpp"

#include "runtime/job.hpp"
#include "runtime/sanitizers.hpp"
#include "runtime/this_thread.hpp"
#include "runtime/worker.hpp"

namespace weft::runtime {
namespace {

void switch_to_worker(switch_reason reason) {
  rank* self = this_thread::rank;
  self->reason = reason;
  switching_to_worker(self->sanitized, reason == switch_reason::finish);
  self->scheduler = std::move(self->scheduler).resume();
  switched_from_worker(self->sanitized);
}

}  // namespace

int job_size() noexcept { return job::current().size(); }

bool others_ready() noexcept { return this_thread::worker->has_ready(); }

void yield() {
  take_arrivals();
  if (others_ready()) switch_to_worker(switch_reason::yield);
  // A rank polling for a message from another node must move the network itself when it runs alone.
  else progress_network();
}

void progress_network() {
  if (network_module* network = job::current().network()) network->progress(this_thread::worker->index());
}

void park() {
  rank* self = this_thread::rank;
  if (take_arrivals()) return;
  if (self->background != nullptr && self->background->advance()) return;
  // A permit that is already there is consumed here, without a round trip through the worker.
  rank_state expected = rank_state::notified;
  if (self->state.load(std::memory_order_relaxed) == expected &&
      self->state.compare_exchange_strong(expected, rank_state::runnable, std::memory_order_acq_rel))
    return;
  arrivals* inbox = self->inbox;
  if (inbox != nullptr && !inbox->watch()) return;
  self->parks.store(self->parks.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  switch_to_worker(switch_reason::park);
  if (inbox != nullptr) inbox->unwatch();
}

void unpark(rank* target) noexcept {
  rank_state state = target->state.load(std::memory_order_relaxed);
  for (;;) {
    switch (state) {
      case rank_state::runnable:
      case rank_state::notified:
        // Always a read-modify-write, even when the permit is already set: the rank's next acquire of
        // its state then also sees what this caller did before.
        if (target->state.compare_exchange_weak(state, rank_state::notified, std::memory_order_acq_rel)) return;
        break;
      case rank_state::blocked:
        if (target->state.compare_exchange_weak(state, rank_state::runnable, std::memory_order_acq_rel)) {
          target->home->enqueue(target);
          return;
        }
        break;
      case rank_state::finished:
        return;
    }
  }
}

void finish_current_rank(int code) {
  rank* self = this_thread::rank;
  self->exit_code = code;
  switch_to_worker(switch_reason::finish);
  __builtin_unreachable();  // a finished rank is never resumed
}

}  // namespace weft::runtime
