#include "rma/accumulate.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "rma/range_locks.hpp"

namespace weft::rma {

namespace {

// Elements that are not in place as arrays the kernels can take (other layouts, gaps, misalignment)
// pass through stack areas of this many bytes, a chunk of the stream at a time.
constexpr std::size_t staging_bytes = 4096;

bool aligned(const std::byte* at, std::size_t alignment) noexcept {
  return reinterpret_cast<std::uintptr_t>(at) % alignment == 0;
}

// `count` consecutive elements: target = origin op target.
void apply(std::byte* target, const std::byte* origin, std::size_t count, const element_op& op) {
  switch (op.what) {
    case element_op::kind::no_op:
      return;
    case element_op::kind::replace:
      std::memcpy(target, origin, count * static_cast<std::size_t>(op.element->extent()));
      return;
    case element_op::kind::combine:
      op.combine(origin, target, count, nullptr);
      return;
  }
}

// A span's elements as one array of the basic type, ready for the kernels: data dense, no gaps inside an
// element, at its alignment. Null otherwise.
template <class Byte>
Byte* in_place(const shm::basic_typed_span<Byte>& span, const shm::type_layout& element) noexcept {
  if (!span.layout->is_contiguous() || !element.is_contiguous()) return nullptr;
  Byte* first = span.base + span.layout->true_lb();
  return aligned(first, element.alignment()) ? first : nullptr;
}

bool overlap(const std::byte* a, const std::byte* b, std::size_t bytes) noexcept {
  return a < b + bytes && b < a + bytes;
}

}  // namespace

void accumulate(const shm::typed_span& target, const shm::const_typed_span& origin, const shm::typed_span* result,
                const element_op& op) {
  const std::size_t total = target.bytes();
  if (total == 0) return;
  const shm::type_layout& element = *op.element;
  const std::size_t size = element.size(), extent = static_cast<std::size_t>(element.extent());
  const std::size_t chunk_elements = staging_bytes / extent;
  alignas(64) std::byte targets[staging_bytes];
  alignas(64) std::byte origins[staging_bytes];
  auto [first, last] = target.layout->data_of(target.count);
  range_lock locked(target.base + first, static_cast<std::size_t>(last - first));

  if (std::byte* array = in_place(target, element)) {
    if (result != nullptr) shm::typed_copy(*result, shm::const_typed_span{array, &element, total / size}, 0, total);
    if (op.what == element_op::kind::no_op) return;
    // An origin the kernels can take as it is goes in without staging (a copy of every byte cost an
    // accumulate of 4 MiB a fifth of its time); one that overlaps the target is staged, so that every
    // element combines the origin as it was.
    if (const std::byte* from = in_place(origin, element); from != nullptr && !overlap(from, array, total)) {
      apply(array, from, total / size, op);
      return;
    }
    for (std::size_t done = 0; done < total;) {
      std::size_t count = std::min(chunk_elements, (total - done) / size), bytes = count * size;
      shm::typed_copy({origins, &element, count}, 0, origin, done, bytes);
      apply(array + done, origins, count, op);
      done += bytes;
    }
    return;
  }
  for (std::size_t done = 0; done < total;) {
    std::size_t count = std::min(chunk_elements, (total - done) / size), bytes = count * size;
    shm::typed_span staged{targets, &element, count};
    shm::typed_copy(staged, 0, target, done, bytes);
    if (result != nullptr) shm::typed_copy(*result, done, staged, 0, bytes);
    if (op.what != element_op::kind::no_op) {
      shm::typed_copy({origins, &element, count}, 0, origin, done, bytes);
      apply(targets, origins, count, op);
      shm::typed_copy(target, done, staged, 0, bytes);
    }
    done += bytes;
  }
}

void fetch_and_op(std::byte* target, const std::byte* origin, std::byte* result, const element_op& op) {
  const shm::type_layout& element = *op.element;
  const std::size_t size = element.size();
  alignas(64) std::byte staged[64];
  alignas(64) std::byte operand[64];
  range_lock locked(target, static_cast<std::size_t>(element.true_ub()));
  if (element.is_contiguous()) [[likely]] {
    std::memcpy(staged, target, size);
    std::memcpy(result, staged, size);
    if (op.what == element_op::kind::no_op) return;
    std::memcpy(operand, origin, size);
    apply(staged, operand, 1, op);
    std::memcpy(target, staged, size);
    return;
  }
  shm::typed_span one{staged, &element, 1};
  shm::typed_copy(one, shm::const_typed_span{target, &element, 1}, 0, size);
  shm::typed_copy({result, &element, 1}, shm::const_typed_span{staged, &element, 1}, 0, size);
  if (op.what == element_op::kind::no_op) return;
  shm::typed_copy({operand, &element, 1}, shm::const_typed_span{origin, &element, 1}, 0, size);
  apply(staged, operand, 1, op);
  shm::typed_copy({target, &element, 1}, shm::const_typed_span{staged, &element, 1}, 0, size);
}

void compare_and_swap(std::byte* target, const std::byte* origin, const std::byte* compare, std::byte* result,
                      std::size_t size) {
  range_lock locked(target, size);
  std::memcpy(result, target, size);
  if (std::memcmp(result, compare, size) == 0) std::memcpy(target, origin, size);
}

}  // namespace weft::rma
