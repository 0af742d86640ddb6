#include "rma/range_locks.hpp"

#include <cstdint>

#include "runtime/spinlock.hpp"

namespace weft::rma {

namespace {

// A lock per cache line, so that holders of different locks do not slow each other down.
struct alignas(64) padded_lock {
  runtime::spinlock lock;
};

padded_lock table[range_lock::locks];

constexpr std::size_t no_single = range_lock::locks;

// Fibonacci hashing: the page number times 2^64 / phi, top bits, spreads neighbouring pages apart.
std::size_t lock_of(std::uintptr_t page_number) noexcept {
  constexpr int bits = 12;
  static_assert(std::size_t{1} << bits == range_lock::locks);
  return static_cast<std::size_t>((std::uint64_t{page_number} * 0x9E3779B97F4A7C15u) >> (64 - bits));
}

}  // namespace

range_lock::range_lock(const std::byte* first, std::size_t bytes) noexcept : single_(no_single) {
  auto begin = reinterpret_cast<std::uintptr_t>(first) / page;
  auto end = (reinterpret_cast<std::uintptr_t>(first) + (bytes == 0 ? 1 : bytes) - 1) / page + 1;
  if (end - begin == 1) {
    single_ = lock_of(begin);
    table[single_].lock.lock();
    return;
  }
  several_ = std::make_unique<std::bitset<locks>>();
  if (end - begin >= locks) several_->set();
  else
    for (std::uintptr_t p = begin; p != end; ++p) several_->set(lock_of(p));
  for (std::size_t i = 0; i < locks; ++i)
    if (several_->test(i)) table[i].lock.lock();
}

range_lock::~range_lock() {
  if (single_ != no_single) {
    table[single_].lock.unlock();
    return;
  }
  for (std::size_t i = 0; i < locks; ++i)
    if (several_->test(i)) table[i].lock.unlock();
}

}  // namespace weft::rma
