#include "runtime/scheduler.hpp"

#include "runtime/job.hpp"
#include "runtime/this_thread.hpp"
#include "runtime/worker.hpp"

namespace weft::runtime {
namespace {

void switch_to_worker(switch_reason reason) {
  rank* self = this_thread::rank;
  self->reason = reason;
  self->scheduler = std::move(self->scheduler).resume();
}

}  // namespace

rank* current_rank() noexcept { return this_thread::rank; }

int job_size() noexcept { return job::current().size(); }

bool others_ready() noexcept { return this_thread::worker->has_ready(); }

void yield() {
  if (others_ready()) switch_to_worker(switch_reason::yield);
}

void park() { switch_to_worker(switch_reason::park); }

void unpark(rank* target) noexcept {
  // The caller has just made the target's condition true; see worker::run_rank for the other half.
  std::atomic_thread_fence(std::memory_order_seq_cst);
  rank_state state = target->state.load(std::memory_order_acquire);
  for (;;) {
    switch (state) {
      case rank_state::running:
        if (target->state.compare_exchange_weak(state, rank_state::notified, std::memory_order_acq_rel)) return;
        break;
      case rank_state::blocked:
        if (target->state.compare_exchange_weak(state, rank_state::ready, std::memory_order_acq_rel)) {
          target->home->enqueue(target);
          return;
        }
        break;
      default:  // already ready, already notified, or finished
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
