#include "rma/accumulate.hpp"

#include <algorithm>
#include <mutex>

#include "rma/element_atomics.hpp"
#include "rma/element_locks.hpp"
#include "rma/element_update.hpp"
#include "shm/layout_cursor.hpp"

namespace weft::rma {

namespace {

// Origin operands and old values pass through stack areas of this many bytes, a chunk of the stream at
// a time, laid out as consecutive elements at their alignment, whatever the user's layouts.
constexpr std::size_t staging_bytes = 1024;

// Moves `walk` on by `bytes` data bytes, across runs.
void skip(shm::layout_cursor& walk, std::size_t bytes) noexcept {
  while (bytes != 0) {
    std::size_t n = std::min(bytes, walk.run_bytes());
    walk.consume(n);
    bytes -= n;
  }
}

// Updates the target's next `count` elements, `walk` being at the first one's first data byte (its
// origin). Padding-free elements that touch in memory share a run and are updated a run at a time; an
// element with gaps spans several runs, and goes alone.
void update_target(std::byte* target, shm::layout_cursor& walk, const std::byte* operands, std::byte* olds,
                   std::size_t count, const element_op& op, const element_shape& shape) noexcept {
  const std::size_t size = shape.size(), extent = shape.extent();
  for (std::size_t i = 0; i < count;) {
    std::size_t n = shape.padded() ? 1 : std::min(count - i, walk.run_bytes() / size);
    update_elements(target + walk.run_offset(), operands + i * extent, olds != nullptr ? olds + i * extent : nullptr,
                    n, op, shape);
    skip(walk, n * size);
    i += n;
  }
}

}  // namespace

void accumulate(const shm::typed_span& target, const shm::const_typed_span& origin, const shm::typed_span* result,
                const element_op& op) {
  const element_shape shape(*op.element);
  const std::size_t total = target.bytes();
  const std::size_t chunk = staging_bytes / shape.extent() * shape.size();  // data bytes of whole elements
  shm::layout_cursor walk(*target.layout, target.count, 0, total);
  alignas(std::max_align_t) std::byte operands[staging_bytes];
  alignas(std::max_align_t) std::byte olds[staging_bytes];
  for (std::size_t done = 0; done < total; done += chunk) {
    const std::size_t bytes = std::min(chunk, total - done);
    const std::size_t count = bytes / shape.size();
    if (op.what != element_op::kind::no_op) shm::typed_copy({operands, op.element, count}, 0, origin, done, bytes);
    update_target(target.base, walk, operands, result != nullptr ? olds : nullptr, count, op, shape);
    if (result != nullptr) shm::typed_copy(*result, done, shm::const_typed_span{olds, op.element, count}, 0, bytes);
  }
}

void fetch_and_op(std::byte* target, const std::byte* origin, std::byte* result, const element_op& op) {
  const shm::type_layout& element = *op.element;
  const std::size_t size = element.size();
  // The rate benchmark's path: a padding-free element of an atomic width at its alignment.
  if (is_atomic_width(size) && element.extent() == static_cast<std::ptrdiff_t>(size) && is_aligned(target, size))
      [[likely]] {
    with_word(size, [&]<class Word>(Word) {
      Word old = atomic_update<Word>(target, origin, op, Word{0});
      std::memcpy(result, &old, sizeof old);
    });
    return;
  }
  const element_shape shape(element);
  alignas(std::max_align_t) std::byte operand[element_shape::max_span];
  alignas(std::max_align_t) std::byte old[element_shape::max_span];
  if (op.what != element_op::kind::no_op) shape.copy_data(operand, origin);
  update_elements(target, operand, old, 1, op, shape);
  shape.copy_data(result, old);
}

void compare_and_swap(std::byte* target, const std::byte* origin, const std::byte* compare, std::byte* result,
                      std::size_t size) {
  if (is_atomic_width(size) && is_aligned(target, size)) [[likely]] {
    with_word(size, [&]<class Word>(Word) {
      Word old = atomic_compare_and_swap<Word>(target, load_word<Word>(compare), load_word<Word>(origin));
      std::memcpy(result, &old, sizeof old);
    });
    return;
  }
  // Off its alignment: under the lock accumulates to this element take too.
  alignas(std::max_align_t) std::byte old[element_shape::max_span];
  {
    std::lock_guard<runtime::spinlock> guard(lock_of(target));
    std::memcpy(old, target, size);
    if (std::memcmp(old, compare, size) == 0) std::memcpy(target, origin, size);
  }
  std::memcpy(result, old, size);
}

}  // namespace weft::rma
