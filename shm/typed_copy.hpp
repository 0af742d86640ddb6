#pragma once
// Buffers described by a datatype layout, and the copy between two of them. A copy moves a range of the
// signature stream (the data bytes of the elements, in type-signature order) from the source's layout
// straight into the destination's, without packing in between. Packing and unpacking are copies with
// plain bytes on one side.
//
// Contiguous layouts on both sides, plain bytes included, take one memcpy.

#include <cstddef>
#include <cstring>
#include <type_traits>

#include "shm/type_layout.hpp"

namespace weft::shm {

// `count` elements of `layout` at `base`. The layout is not owned: whoever starts an operation on a
// span keeps its layout alive until the operation completes.
template <class Byte>
struct basic_typed_span {
  Byte* base = nullptr;
  const type_layout* layout = nullptr;  // set before use
  std::size_t count = 0;

  std::size_t bytes() const noexcept { return count * layout->size(); }

  operator basic_typed_span<const Byte>() const noexcept
    requires(!std::is_const_v<Byte>)
  {
    return {base, layout, count};
  }
};

using typed_span = basic_typed_span<std::byte>;              // a destination
using const_typed_span = basic_typed_span<const std::byte>;  // a source

inline typed_span byte_span(void* data, std::size_t size) noexcept {
  return {static_cast<std::byte*>(data), &type_layout::bytes(), size};
}

inline const_typed_span byte_span(const void* data, std::size_t size) noexcept {
  return {static_cast<const std::byte*>(data), &type_layout::bytes(), size};
}

// Copies with at least one side not contiguous.
void copy_between_layouts(const typed_span& to, std::size_t to_offset, const const_typed_span& from,
                          std::size_t from_offset, std::size_t length) noexcept;

// Copies data bytes [from_offset, from_offset + length) of the source's signature stream into data bytes
// [to_offset, to_offset + length) of the destination's (a chunk of a long stream staged in a small
// buffer, and back). Both spans hold that many data bytes.
inline void typed_copy(const typed_span& to, std::size_t to_offset, const const_typed_span& from,
                       std::size_t from_offset, std::size_t length) noexcept {
  if (length == 0) return;
  if (to.layout->is_contiguous() && from.layout->is_contiguous()) [[likely]] {
    std::memcpy(to.base + to.layout->true_lb() + to_offset, from.base + from.layout->true_lb() + from_offset, length);
    return;
  }
  copy_between_layouts(to, to_offset, from, from_offset, length);
}

// Copies data bytes [offset, offset + length) of the source's signature stream into the same bytes of
// the destination's. Both spans hold at least offset + length data bytes.
inline void typed_copy(const typed_span& to, const const_typed_span& from, std::size_t offset,
                       std::size_t length) noexcept {
  typed_copy(to, offset, from, offset, length);
}

}  // namespace weft::shm
