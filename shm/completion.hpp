#pragma once
// The event a rank waits on for one operation. Whoever completes it wakes the owner.

#include <atomic>

#include "runtime/scheduler.hpp"

namespace weft::shm {

class completion {
 public:
  completion() noexcept : owner_(runtime::current_rank()) {}

  bool done() const noexcept { return done_.load(std::memory_order_acquire); }

  // Completion by another rank. The owner may return from wait() and destroy this object as soon as
  // done_ is set, so nothing of *this is touched afterwards.
  void complete() noexcept {
    runtime::rank* owner = owner_;
    done_.store(true, std::memory_order_release);
    runtime::unpark(owner);
  }

  // Completion by the owner itself: nobody to wake.
  void complete_by_owner() noexcept { done_.store(true, std::memory_order_release); }

  void wait() const {
    runtime::wait_until([this] { return done(); });
  }

 private:
  std::atomic<bool> done_{false};
  runtime::rank* owner_;
};

}  // namespace weft::shm
