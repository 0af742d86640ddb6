#include "io/file_view.hpp"

#include <algorithm>

#include "shm/layout_cursor.hpp"

namespace weft::io {

std::uint64_t file_view::file_offset_of(std::uint64_t position) const noexcept {
  const std::uint64_t size = filetype->size();
  const std::uint64_t tile = position / size, within = position % size;
  // A cursor placed on that one byte names its offset from the tile's origin.
  shm::layout_cursor at(*filetype, 1, within, 1);
  return displacement + tile * static_cast<std::uint64_t>(filetype->extent()) +
         static_cast<std::uint64_t>(at.run_offset());
}

std::uint64_t file_view::stream_before(std::uint64_t file_offset) const noexcept {
  if (file_offset <= displacement || filetype->size() == 0) return 0;
  const std::uint64_t size = filetype->size(), extent = static_cast<std::uint64_t>(filetype->extent());
  const auto first_data = static_cast<std::uint64_t>(filetype->true_lb());
  const std::uint64_t relative = file_offset - displacement;
  if (relative <= first_data) return 0;
  // Tile t's data lies in [t * extent + true lb, t * extent + true ub), and the true extent is at most the
  // extent (checked with the view): the tiles before the offset's own lie wholly below it, the later ones
  // wholly above. Inside its tile, a binary search.
  std::uint64_t tile = (relative - first_data) / extent;
  std::uint64_t low = tile * size, high = (tile + 1) * size;
  while (low < high) {
    std::uint64_t middle = low + (high - low) / 2;
    if (file_offset_of(middle) < file_offset)
      low = middle + 1;
    else
      high = middle;
  }
  return low;
}

shm::typed_span file_view::as_buffer(std::byte* window, std::uint64_t file_offset, std::uint64_t end) const noexcept {
  // The tiles' origin lies `displacement - file_offset` bytes from the window, possibly before it: only
  // the addresses of the stream bytes inside the window are ever formed from it.
  auto origin = reinterpret_cast<std::uintptr_t>(window) + displacement - file_offset;
  std::uint64_t size = filetype->size();
  return {reinterpret_cast<std::byte*>(origin), filetype.get(), static_cast<std::size_t>((end + size - 1) / size)};
}

}  // namespace weft::io

namespace weft::io {

data_order order_of_data(const shm::type_layout& layout) noexcept {
  if (layout.size() == 0) return data_order::rising;
  if (layout.true_lb() < 0) return data_order::falling;
  shm::layout_cursor cursor(layout, 1, 0, layout.size());
  std::ptrdiff_t start = layout.true_lb(), end = start;
  data_order order = data_order::rising;
  for (std::size_t left = layout.size(); left > 0;) {
    if (cursor.run_offset() < start) return data_order::falling;
    if (cursor.run_offset() < end) order = data_order::overlapping;
    start = cursor.run_offset();
    end = std::max(end, start + static_cast<std::ptrdiff_t>(cursor.run_bytes()));
    left -= cursor.run_bytes();
    cursor.consume(cursor.run_bytes());
  }
  return order;
}

}  // namespace weft::io
