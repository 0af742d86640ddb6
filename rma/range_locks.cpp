#include "rma/range_locks.hpp"

#include <algorithm>

#include "runtime/spinlock.hpp"

namespace weft::rma {

namespace {

// A lock per cache line, so that holders of different locks do not slow each other down.
struct alignas(64) padded_lock {
  runtime::spinlock lock;
};

padded_lock table[range_lock::locks];

// Fibonacci hashing: the page number times 2^64 / phi, top bits, spreads neighbouring pages apart.
std::uint16_t lock_of(std::uintptr_t page_number) noexcept {
  constexpr int bits = 12;
  static_assert(std::size_t{1} << bits == range_lock::locks);
  return static_cast<std::uint16_t>((std::uint64_t{page_number} * 0x9E3779B97F4A7C15u) >> (64 - bits));
}

}  // namespace

range_lock::range_lock(const std::byte* first, std::size_t bytes) noexcept {
  auto begin = reinterpret_cast<std::uintptr_t>(first) / page;
  auto end = (reinterpret_cast<std::uintptr_t>(first) + (bytes == 0 ? 1 : bytes) - 1) / page + 1;
  if (end - begin >= locks) {
    held_.resize(locks);
    for (std::size_t i = 0; i < locks; ++i) held_[i] = static_cast<std::uint16_t>(i);
  } else {
    held_.reserve(end - begin);
    for (std::uintptr_t p = begin; p != end; ++p) held_.push_back(lock_of(p));
    std::sort(held_.begin(), held_.end());
    held_.erase(std::unique(held_.begin(), held_.end()), held_.end());
  }
  for (std::uint16_t i : held_) table[i].lock.lock();
}

range_lock::~range_lock() {
  for (std::uint16_t i : held_) table[i].lock.unlock();
}

}  // namespace weft::rma
