#pragma once
// A rank's view of a file (MPI-3.1, 13.3): from byte `displacement` on, the file is tiled by copies of
// the filetype, and the rank sees the data bytes of those tiles, in order, as one stream. Positions in the
// stream are data bytes; the MPI layer counts them in etypes.
//
// A filetype's data lies at non-negative, non-decreasing displacements (the standard requires it; the
// MPI layer checks it with order_of_data, and that the true extent is at most the extent), so the file
// offsets of the stream rise with the stream position and one tile ends before the next begins: both
// mappings below are monotonic.

#include <cstddef>
#include <cstdint>

#include "shm/type_layout.hpp"
#include "shm/typed_copy.hpp"

namespace weft::io {

struct file_view {
  std::uint64_t displacement = 0;
  shm::type_layout::pointer filetype;  // the tile
  // False for a filetype whose data overlaps (itself or the next tile), which MPI allows in files opened
  // read-only: such a view is only read, run after run (read_part); the mappings below do not apply to it.
  bool rising = true;

  // The file offset of stream byte `position`.
  std::uint64_t file_offset_of(std::uint64_t position) const noexcept;
  // Stream bytes whose file offset lies below `file_offset`.
  std::uint64_t stream_before(std::uint64_t file_offset) const noexcept;
  // Whether the stream is the file itself from the displacement on: a filetype of dense tiles.
  bool is_dense() const noexcept {
    return filetype->is_contiguous() && filetype->true_lb() == 0 &&
           filetype->extent() == static_cast<std::ptrdiff_t>(filetype->size());
  }
  // The tiles as a buffer in memory whose byte `file_offset` is at `window` (a buffer holding part of
  // the file, from that offset on), covering stream bytes [0, end): a copy through it moves stream bytes
  // to or from the buffer's file offsets. Only the part of the stream inside the buffer may be copied.
  shm::typed_span as_buffer(std::byte* window, std::uint64_t file_offset, std::uint64_t end) const noexcept;
};

// How one element's data lies, in signature order: at non-negative offsets each at or past the end of
// the data before (rising), starting at or past the start of the data before but inside it (overlapping:
// allowed in files opened read-only), or before a start already seen or at a negative offset (falling:
// never allowed). Walks the element's runs once.
enum class data_order { rising, overlapping, falling };
data_order order_of_data(const shm::type_layout& layout) noexcept;

}  // namespace weft::io
