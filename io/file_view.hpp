#pragma once
// A rank's view of a file (MPI-3.1, 13.3): from byte `displacement` on, the file is tiled by copies of
// the filetype, and the rank sees the data bytes of those tiles, in order, as one stream. Positions in the
// stream are data bytes; the MPI layer counts them in etypes.
//
// A filetype's data lies at non-negative, non-decreasing displacements (the standard requires it, the
// MPI layer checks the bounds: true lb at least 0, true ub at most the extent), so the file offsets of the stream rise with the stream position, and one tile
// ends before the next begins: both mappings below are monotonic.

#include <cstddef>
#include <cstdint>

#include "shm/type_layout.hpp"
#include "shm/typed_copy.hpp"

namespace weft::io {

struct file_view {
  std::uint64_t displacement = 0;
  shm::type_layout::pointer filetype;  // the tile, with at least one data byte

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

}  // namespace weft::io
