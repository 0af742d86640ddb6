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

}  // namespace weft::coll
