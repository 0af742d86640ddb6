#pragma once
// How target elements change: by one CPU atomic where the element spans an atomic width at its
// alignment, otherwise under the element's lock. Which of the two is a function of the basic type and
// the element's address alone, so every operation that reaches an element takes the same way.

#include <array>
#include <cstddef>
#include <cstring>

#include "rma/accumulate.hpp"
#include "rma/element_atomics.hpp"
#include "shm/type_layout.hpp"

namespace weft::rma {

// What the updates need to know of the basic type, found once per call. A basic type's data starts at
// its origin and is one run of bytes, or two for a value-index pair with padding between them
// (MPI_SHORT_INT, MPI_LONG_INT).
class element_shape {
 public:
  // The largest basic type in memory (MPI_C_LONG_DOUBLE_COMPLEX): room for one element on the stack.
  static constexpr std::size_t max_span = 32;

  explicit element_shape(const shm::type_layout& element) noexcept;

  std::size_t size() const noexcept { return size_; }      // data bytes
  std::size_t extent() const noexcept { return extent_; }  // from one element to the next
  // From the first data byte to the last: what an update reads and writes.
  std::size_t span() const noexcept { return span_; }
  // Whether there are gaps between the data bytes, which an update leaves as they are.
  bool padded() const noexcept { return size_ != span_; }

  bool atomic_at(const std::byte* element) const noexcept {
    return is_atomic_width(span_) && is_aligned(element, span_);
  }

  // The gaps of an element of an atomic width, as the bits of a word read from it.
  template <class Word>
  Word gaps() const noexcept {
    Word w;
    std::memcpy(&w, gap_bytes_.data(), sizeof w);
    return w;
  }

  // Copies an element's data bytes, not its gaps.
  void copy_data(std::byte* to, const std::byte* from) const noexcept {
    for (int i = 0; i < run_count_; ++i) std::memcpy(to + runs_[i].offset, from + runs_[i].offset, runs_[i].length);
  }

 private:
  struct run {
    std::ptrdiff_t offset;
    std::size_t length;
  };

  std::size_t size_, extent_, span_;
  std::array<run, 2> runs_{};
  int run_count_ = 0;
  std::array<unsigned char, 8> gap_bytes_{};  // 0xff over the gaps of an element of up to 8 bytes
};

// Applies `op` to `count` elements of the target from `target` on, with the operands from `operands`,
// and stores what each held at `olds` unless it is null. The elements follow each other `extent()` bytes
// apart in all three, which for a target means padding-free elements in one run, or a single element.
// Operands lie at their type's alignment (a staging area); unread for no_op.
void update_elements(std::byte* target, const std::byte* operands, std::byte* olds, std::size_t count,
                     const element_op& op, const element_shape& shape) noexcept;

}  // namespace weft::rma
