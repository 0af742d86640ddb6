#include "rma/element_update.hpp"

#include <mutex>

#include "rma/element_locks.hpp"

namespace weft::rma {

element_shape::element_shape(const shm::type_layout& element) noexcept
    : size_(element.size()),
      extent_(static_cast<std::size_t>(element.extent())),
      span_(static_cast<std::size_t>(element.true_ub())) {
  for (const shm::type_layout::piece& p : element.pieces()) runs_[run_count_++] = {p.offset, p.length};
  if (!padded() || span_ > gap_bytes_.size()) return;
  gap_bytes_.fill(0xff);
  for (int i = 0; i < run_count_; ++i)
    std::memset(gap_bytes_.data() + runs_[i].offset, 0, runs_[i].length);
}

namespace {

// One element under its lock: read, combine, write back the data bytes. Nothing in between yields.
void locked_update(std::byte* target, const std::byte* operand, std::byte* old, const element_op& op,
                   const element_shape& shape) noexcept {
  alignas(std::max_align_t) std::byte value[element_shape::max_span];
  {
    std::lock_guard<runtime::spinlock> guard(lock_of(target));
    shape.copy_data(value, target);
    switch (op.what) {
      case element_op::kind::no_op:
        break;
      case element_op::kind::replace:
        shape.copy_data(target, operand);
        break;
      case element_op::kind::integer_sum:
        // Off its alignment: an integer of an atomic width, whose sum wraps alike signed or not.
        with_word(shape.span(), [&]<class Word>(Word) {
          auto sum = static_cast<Word>(load_word<Word>(value) + load_word<Word>(operand));
          std::memcpy(target, &sum, sizeof sum);
        });
        break;
      case element_op::kind::combine: {
        alignas(std::max_align_t) std::byte combined[element_shape::max_span];
        shape.copy_data(combined, value);
        op.combine(operand, combined, 1, nullptr);
        shape.copy_data(target, combined);
        break;
      }
    }
  }
  if (old != nullptr) shape.copy_data(old, value);
}

}  // namespace

void update_elements(std::byte* target, const std::byte* operands, std::byte* olds, std::size_t count,
                     const element_op& op, const element_shape& shape) noexcept {
  const std::size_t extent = shape.extent();
  if (shape.atomic_at(target)) [[likely]] {
    with_word(shape.span(), [&]<class Word>(Word) {
      const Word gaps = shape.gaps<Word>();
      for (std::size_t i = 0; i < count; ++i) {
        Word old = atomic_update<Word>(target + i * extent, operands + i * extent, op, gaps);
        if (olds != nullptr) std::memcpy(olds + i * extent, &old, sizeof old);
      }
    });
    return;
  }
  for (std::size_t i = 0; i < count; ++i)
    locked_update(target + i * extent, operands + i * extent, olds != nullptr ? olds + i * extent : nullptr, op,
                  shape);
}

}  // namespace weft::rma
