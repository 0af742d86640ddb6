#include "rma/element_locks.hpp"

#include <cstdint>

namespace weft::rma {

namespace {

// A lock per cache line, so that holders of different locks do not slow each other down.
struct alignas(64) padded_lock {
  runtime::spinlock lock;
};

constexpr int lock_bits = 10;  // 1024 locks, 64 KiB: collisions rare among the elements under way at once

padded_lock locks[std::size_t{1} << lock_bits];

}  // namespace

runtime::spinlock& lock_of(const std::byte* element) noexcept {
  // Fibonacci hashing: the top bits of the address times 2^64 / phi spread neighbouring elements apart.
  auto address = reinterpret_cast<std::uintptr_t>(element);
  return locks[(std::uint64_t{address} * 0x9E3779B97F4A7C15u) >> (64 - lock_bits)].lock;
}

}  // namespace weft::rma
