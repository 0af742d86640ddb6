#pragma once
// Under MPI_THREAD_MULTIPLE a rank's MPI calls come from its fiber and from the threads it started at once.
// Each call runs alone: it holds the rank's call lock from its entry to its exit, except while it waits
// (park and yield give the lock up and take it back), so that a thread waiting for a message never keeps
// the rank's other threads from sending what it waits for. The rank's state in the layers above (its
// matching, its rings, its collectives) stays what it was without threads: touched by one caller at a time.
//
// A thread sleeps on the lock (a futex); the fiber never blocks its worker's thread on it: it tries, and lets
// the worker's other ranks run in between (scheduler.cpp, enter_call).

#include <atomic>
#include <cstdint>

namespace weft::runtime {

class call_lock {
 public:
  // From a thread that is not a worker: sleeps until it has the lock.
  void lock_from_thread() noexcept;
  [[nodiscard]] bool try_lock() noexcept {
    std::uint32_t expected = 0;
    return state_.compare_exchange_weak(expected, 1, std::memory_order_acquire);
  }
  void unlock() noexcept;

 private:
  // 0: free; 1: held; 2: held, and a thread may sleep on it.
  std::atomic<std::uint32_t> state_{0};
};

}  // namespace weft::runtime
