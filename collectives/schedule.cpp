#include "collectives/schedule.hpp"

#include <algorithm>

#include "runtime/scheduler.hpp"

namespace weft::coll {

void collective_schedule::start(pending_collective& op) {
  pending_.push_back(&op);
  update_registration();
  advance();
}

// Polls only whether a collective can advance, as a blocking collective's wait does (run_to_completion);
// the wake-ups are asked for by park(), which advances the schedule (advance() listens) before it parks.
// Advancing and listening at every poll took a third of a persistent allreduce's time (16 ranks on 2 cores).
void collective_schedule::wait(pending_collective& op) {
  advance_ready();
  while (!op.done()) {
    runtime::wait_until([&] { return op.done() || can_advance(); });
    advance_ready();
  }
}

bool collective_schedule::can_advance() const noexcept {
  for (std::size_t i = 0; i < pending_.size(); ++i)
    if (first_of_its_communicator(i) && (!pending_[i]->started_ || pending_[i]->work_.ready())) return true;
  return false;
}

bool collective_schedule::has_pending(const void* communicator) const noexcept {
  return std::ranges::any_of(pending_, [&](const pending_collective* op) { return op->communicator_ == communicator; });
}

void collective_schedule::run(task work, const void* communicator) {
  if (!has_pending(communicator)) [[likely]] {
    run_to_completion(std::move(work));
    return;
  }
  pending_collective op(std::move(work), communicator);
  start(op);
  wait(op);
}

bool collective_schedule::advance() {
  if (advancing_ || pending_.empty()) return false;
  bool advanced = advance_ready();
  if (!advanced) advanced = listen_all();
  return advanced;
}

bool collective_schedule::advance_ready() {
  if (advancing_ || pending_.empty()) return false;
  advancing_ = true;
  bool advanced = false;
  for (std::size_t i = 0; i < pending_.size();) {
    pending_collective& op = *pending_[i];
    if (first_of_its_communicator(i) && (!op.started_ || op.work_.ready())) {
      op.started_ = true;
      op.work_.resume();
      advanced = true;
      if (op.work_.done()) {
        op.done_ = true;
        // The next collective of the same communicator, if any, now comes first, at an index >= i.
        pending_.erase(pending_.begin() + static_cast<std::ptrdiff_t>(i));
        continue;
      }
    }
    ++i;
  }
  update_registration();
  advancing_ = false;
  return advanced;
}

bool collective_schedule::first_of_its_communicator(std::size_t index) const noexcept {
  const void* communicator = pending_[index]->communicator_;
  return std::none_of(pending_.begin(), pending_.begin() + static_cast<std::ptrdiff_t>(index),
                      [&](const pending_collective* earlier) { return earlier->communicator_ == communicator; });
}

bool collective_schedule::listen_all() {
  runtime::rank* self = runtime::current_rank();
  bool any_ready = false;
  for (std::size_t i = 0; i < pending_.size(); ++i) {
    if (!first_of_its_communicator(i)) continue;
    pending_collective& op = *pending_[i];
    op.work_.listen(self);
    any_ready = any_ready || op.work_.ready();
  }
  return any_ready;
}

// The runtime asks the schedule to advance before every park only while something is pending, so that
// ranks without nonblocking collectives park as cheaply as before.
void collective_schedule::update_registration() noexcept {
  runtime::current_rank()->background = pending_.empty() ? nullptr : this;
}

}  // namespace weft::coll
