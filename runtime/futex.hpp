#pragma once
// The futex calls themselves: std::atomic::notify_one skips the system call unless it saw a waiter
// registered through std::atomic::wait, and std::atomic::wait takes no timeout.

#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <ctime>

namespace weft::runtime {

// Sleeps while `word` holds `expected`, at most `timeout` when given; returns early on any wake-up or signal.
inline void futex_wait(std::atomic<std::uint32_t>& word, std::uint32_t expected,
                       const timespec* timeout = nullptr) noexcept {
  syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(&word), FUTEX_WAIT_PRIVATE, expected, timeout, nullptr, 0);
}

// Wakes up to `count` of the threads sleeping on `word`.
inline void futex_wake(std::atomic<std::uint32_t>& word, int count = 1) noexcept {
  syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(&word), FUTEX_WAKE_PRIVATE, count, nullptr, nullptr, 0);
}

}  // namespace weft::runtime
