#pragma once
// Ranks waiting for a window's state to change (a lock to come free, a post or a completion to arrive),
// whoever may change it. Each waiter registers before it parks and checks its condition again afterwards;
// each changer changes the state, then wakes every registered waiter. Both sides are sequentially
// consistent, so a change is either seen by the waiter's check or finds the waiter registered.

#include <atomic>
#include <vector>

#include "runtime/scheduler.hpp"
#include "runtime/spinlock.hpp"

namespace weft::rma {

class wait_list {
 public:
  // Returns once done() holds; done() reads the state with sequentially consistent loads.
  template <class Done>
  void wait(Done&& done) {
    runtime::wait_until(done, [this] { enter(runtime::current_rank()); });
  }

  // Called after each change of the state (a sequentially consistent read-modify-write) that may end a wait.
  void wake_all() noexcept {
    if (registered_.load(std::memory_order_seq_cst) != 0) wake_registered();
  }

 private:
  void enter(runtime::rank* self);
  void wake_registered() noexcept;

  runtime::spinlock lock_;
  std::vector<runtime::rank*> ranks_;  // may hold a rank twice, or one whose wait ended: a wake is harmless
  std::atomic<std::size_t> registered_{0};
};

}  // namespace weft::rma
