#pragma once
// The sequence numbers by which the members of a communicator signal each other (shared_communicator.hpp
// says how they are used).

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace weft::coll {

inline constexpr std::size_t cache_line = 64;

// The sequence number a signal holds, for places where it shares its cache line with the data it announces.
class sequence_flag {
 public:
  bool reached(std::uint64_t sequence) const noexcept { return value_.load(std::memory_order_seq_cst) >= sequence; }
  std::uint64_t value() const noexcept { return value_.load(std::memory_order_seq_cst); }

  // Raisers who may have to wake the waiter go through member_slot::raise, which wakes it afterwards.
  void advance(std::uint64_t sequence) noexcept {
    std::uint64_t current = value_.load(std::memory_order_relaxed);
    while (current < sequence && !value_.compare_exchange_weak(current, sequence, std::memory_order_seq_cst)) {
    }
  }

 private:
  std::atomic<std::uint64_t> value_{0};
};

// A sequence flag alone on its cache line.
class alignas(cache_line) signal : public sequence_flag {};

// Asks for the cache line at `line` for writing (PREFETCHW, which processors without it take for a no-op):
// the builtin with its write hint emits a plain read (PREFETCHT0) for x86-64 without PRFCHW. A signal or cell
// raised again soon is taken so as it is left, for the raise not to wait for its line then.
inline void prefetch_for_writing(const void* line) noexcept {
#if defined(__x86_64__)
  asm volatile("prefetchw %0" ::"m"(*static_cast<const char*>(line)));
#else
  __builtin_prefetch(line, 1);
#endif
}

}  // namespace weft::coll
