#pragma once
// One element changed by one CPU atomic on an unsigned integer of its width (1, 2, 4 or 8 bytes, at an
// address aligned to it). Integers make the compare-exchange loop compare bits, so it also terminates
// for floating-point NaNs and negative zeros, and one template serves every type of a width.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "rma/accumulate.hpp"

namespace weft::rma {

// Whether an element spanning `bytes` can be one CPU atomic, where aligned to them.
constexpr bool is_atomic_width(std::size_t bytes) noexcept {
  return bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8;
}

inline bool is_aligned(const std::byte* at, std::size_t width) noexcept {
  return reinterpret_cast<std::uintptr_t>(at) % width == 0;
}

// Calls `f(Word{})` with the unsigned integer type of `width` bytes (is_atomic_width(width)).
template <class F>
decltype(auto) with_word(std::size_t width, F&& f) {
  switch (width) {
    case 1: return f(std::uint8_t{});
    case 2: return f(std::uint16_t{});
    case 4: return f(std::uint32_t{});
    default: return f(std::uint64_t{});
  }
}

template <class Word>
Word load_word(const std::byte* bytes) noexcept {
  Word w;
  std::memcpy(&w, bytes, sizeof w);
  return w;
}

// Applies `op` to the element at `target` with the operand at `operand` (unread for no_op; any
// alignment) and returns what the target held. The bits set in `gaps` are padding inside the element
// (MPI_SHORT_INT): they keep whatever the target holds there.
template <class Word>
Word atomic_update(std::byte* target, const std::byte* operand, const element_op& op, Word gaps) noexcept {
  std::atomic_ref<Word> element(*reinterpret_cast<Word*>(target));
  switch (op.what) {
    case element_op::kind::no_op:
      return element.load(std::memory_order_acquire);
    case element_op::kind::integer_sum:
      return element.fetch_add(load_word<Word>(operand), std::memory_order_acq_rel);
    case element_op::kind::replace:
      if (gaps == 0) return element.exchange(load_word<Word>(operand), std::memory_order_acq_rel);
      break;
    case element_op::kind::combine:
      break;
  }
  // The kernel sees the element as its own type in byte storage, aligned wherever the operand lies.
  alignas(Word) std::byte in[sizeof(Word)], value[sizeof(Word)];
  std::memcpy(in, operand, sizeof(Word));
  Word old = element.load(std::memory_order_relaxed);
  Word desired;
  do {
    if (op.what == element_op::kind::combine) {
      std::memcpy(value, &old, sizeof(Word));
      op.combine(in, value, 1, nullptr);
      desired = load_word<Word>(value);
    } else {
      desired = load_word<Word>(in);
    }
    desired = static_cast<Word>((desired & ~gaps) | (old & gaps));
  } while (!element.compare_exchange_weak(old, desired, std::memory_order_acq_rel, std::memory_order_relaxed));
  return old;
}

// Stores `desired` at `target` if it holds `expected`; returns what it held.
template <class Word>
Word atomic_compare_and_swap(std::byte* target, Word expected, Word desired) noexcept {
  std::atomic_ref<Word>(*reinterpret_cast<Word*>(target))
      .compare_exchange_strong(expected, desired, std::memory_order_acq_rel, std::memory_order_acquire);
  return expected;
}

}  // namespace weft::rma
