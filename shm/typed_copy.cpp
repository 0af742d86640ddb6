#include "shm/typed_copy.hpp"

#include <algorithm>

#include "shm/layout_cursor.hpp"

namespace weft::shm {

void copy_between_layouts(const typed_span& to, std::size_t to_offset, const const_typed_span& from,
                          std::size_t from_offset, std::size_t length) noexcept {
  layout_cursor destination(*to.layout, to.count, to_offset, length);
  layout_cursor source(*from.layout, from.count, from_offset, length);
  // Both walks cover `length` bytes, so they end together.
  while (length != 0) {
    std::size_t n = std::min(destination.run_bytes(), source.run_bytes());
    std::memcpy(to.base + destination.run_offset(), from.base + source.run_offset(), n);
    destination.consume(n);
    source.consume(n);
    length -= n;
  }
}

}  // namespace weft::shm
