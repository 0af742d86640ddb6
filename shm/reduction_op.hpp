#pragma once
// What a reduction combines and how: an operation bound to the elements of one datatype, and how those
// elements lie in memory (for the copies the algorithms make of them).
//
// Buffers of elements are passed by their origin, as the user passes them: element i starts at origin
// + i * extent, and its data may begin before the origin or leave gaps, which a copy must not touch in
// the destination.

#include <algorithm>
#include <cstddef>
#include <cstring>

#include "shm/typed_copy.hpp"

namespace weft::shm {

// Combines `count` elements: inout[i] = in[i] op inout[i] (`in` holds the lower ranks' contribution).
using reduce_function = void (*)(const void* in, void* inout, std::size_t count, const void* context);
// The same into a third buffer, in one pass: out[i] = in[i] op other[i]; `out` may be `other`.
using reduce_into_function = void (*)(const void* in, const void* other, void* out, std::size_t count);

struct reduction_op {
  reduce_function apply;
  const void* context;  // passed to `apply`; whoever starts the reduction keeps it alive until it ends
  // The layout of one element, kept alive likewise; null when an element is `element_size` plain
  // bytes at its origin (every predefined datatype), which the copies then move with memcpy.
  const shm::type_layout* layout;
  // Whether the operands may be swapped (every predefined operation; a user's as MPI_Op_create was told).
  // Only an algorithm that cannot keep rank order asks: the ring among nodes (collectives/spanning/steps.cpp).
  bool commutative = false;
  // `apply` into a third buffer, where the operation has such a kernel (predefined operations on predefined
  // types); null otherwise.
  reduce_into_function apply_into = nullptr;

  void combine(const void* in, void* inout, std::size_t count) const { apply(in, inout, count, context); }
  // out = in op other over `count` elements of `element_size` bytes: one pass with apply_into, else `other`
  // copied to `out` first. `out` may be `other`.
  void combine_into(const void* in, const void* other, void* out, std::size_t count, std::size_t element_size) const;
};

// The bytes `count` elements span, from their first data byte to their last, and where the first lies
// relative to the origin. Working buffers hold this much; a working buffer at `memory` has its origin
// at memory - first.
struct element_span {
  std::ptrdiff_t first;
  std::size_t bytes;
};

inline element_span span_of(std::size_t count, std::size_t element_size, const reduction_op& op) noexcept {
  if (op.layout == nullptr) [[likely]]
    return {0, count * element_size};
  auto [first, last] = op.layout->data_of(count);
  return {first, static_cast<std::size_t>(last - first)};
}

// Copies the data of `count` elements from one buffer to another; the destination's gaps stay as they are.
inline void copy_elements(void* to, const void* from, std::size_t count, std::size_t element_size,
                          const reduction_op& op) noexcept {
  if (op.layout == nullptr) [[likely]] {
    if (count != 0) std::memcpy(to, from, count * element_size);
    return;
  }
  typed_copy({static_cast<std::byte*>(to), op.layout, count}, {static_cast<const std::byte*>(from), op.layout, count},
             0, count * op.layout->size());
}

inline void reduction_op::combine_into(const void* in, const void* other, void* out, std::size_t count,
                                       std::size_t element_size) const {
  if (apply_into != nullptr) {
    apply_into(in, other, out, count);
    return;
  }
  if (out != other) copy_elements(out, other, count, element_size, *this);
  combine(in, out, count);
}

}  // namespace weft::shm
