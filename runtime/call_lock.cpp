#include "runtime/call_lock.hpp"

#include "runtime/futex.hpp"

namespace weft::runtime {

void call_lock::lock_from_thread() noexcept {
  std::uint32_t expected = 0;
  if (state_.compare_exchange_strong(expected, 1, std::memory_order_acquire)) return;
  // Drepper's mutex ("Futexes are tricky", 2011): whoever finds it held marks it contended and sleeps.
  if (expected != 2) expected = state_.exchange(2, std::memory_order_acquire);
  while (expected != 0) {
    futex_wait(state_, 2);
    expected = state_.exchange(2, std::memory_order_acquire);
  }
}

void call_lock::unlock() noexcept {
  if (state_.exchange(0, std::memory_order_release) == 2) futex_wake(state_);
}

}  // namespace weft::runtime
