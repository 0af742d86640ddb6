#pragma once
// A test-and-test-and-set lock for critical sections of a few dozen instructions (queue pushes, matching).
// It never yields to the fiber scheduler: holders never block while holding it. Past a bounded spin it
// yields the OS thread, since the holder's worker may have been descheduled on an oversubscribed host.

#include <sched.h>

#include <atomic>

#include "runtime/cpu_relax.hpp"

namespace weft::runtime {

class spinlock {
 public:
  void lock() noexcept {
    for (;;) {
      if (!locked_.exchange(true, std::memory_order_acquire)) return;
      for (unsigned spins = 0; locked_.load(std::memory_order_relaxed); ++spins) {
        if (spins < 1024)
          cpu_relax();
        else
          sched_yield();
      }
    }
  }
  [[nodiscard]] bool try_lock() noexcept { return !locked_.exchange(true, std::memory_order_acquire); }
  void unlock() noexcept { locked_.store(false, std::memory_order_release); }

 private:
  std::atomic<bool> locked_{false};
};

}  // namespace weft::runtime
