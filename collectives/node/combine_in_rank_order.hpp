#pragma once
// Combining one range of elements of every rank's input, read where it is, in rank order: x0 op (x1 op (...
// op x(p-1))), from the last rank backwards so that each combination puts the lower rank's data in front,
// as non-commutative operations need. The algorithms in which one rank reduces a part of all inputs (the
// tiled reduce and allreduce, reduce-scatter) share it. The range is combined tile by tile, so that the
// accumulator stays in the core's cache while the inputs' tiles stream through it.

#include <algorithm>
#include <cstddef>
#include <vector>

#include "collectives/working_buffers.hpp"
#include "shm/reduction_op.hpp"

namespace weft::coll {

// Bytes of one tile: two of them (the accumulator and a peer's input) sit well inside a core's L2.
inline constexpr std::size_t tile_bytes = 16 * 1024;

inline std::size_t tile_elements(std::size_t element_size) noexcept {
  return std::max<std::size_t>(1, tile_bytes / element_size);
}

// Room for one tile's accumulator in a member's working memory (shared_communicator::scratch).
inline std::byte* tile_accumulator(std::vector<std::byte>& scratch, std::size_t element_size,
                                   const shm::reduction_op& op) {
  return working_buffers(scratch, 1, shm::span_of(tile_elements(element_size), element_size, op)).origin(0);
}

// Combines `count` elements of the `size` ranks' inputs tile by tile, input_of(r) being the origin of the
// range's first element in rank r's input: each tile is combined in tile_at(offset), `offset` being its
// first byte's within the range, then handed to finished(offset, tile, elements) while it is still in the
// cache.
template <class InputOf, class TileAt, class Finished>
void combine_tiles_in_rank_order(int size, InputOf input_of, std::size_t count, std::size_t element_size,
                                 const shm::reduction_op& op, TileAt tile_at, Finished finished) {
  std::size_t tile = tile_elements(element_size);
  for (std::size_t done = 0; done < count; done += tile) {
    std::size_t n = std::min(tile, count - done);
    std::size_t offset = done * element_size;
    std::byte* acc = tile_at(offset);
    // The two highest ranks' inputs combine straight into the tile, without a copy of one first.
    if (size == 1)
      shm::copy_elements(acc, input_of(0) + offset, n, element_size, op);
    else
      op.combine_into(input_of(size - 2) + offset, input_of(size - 1) + offset, acc, n, element_size);
    for (int r = size - 3; r >= 0; --r) op.combine(input_of(r) + offset, acc, n);
    finished(offset, static_cast<const std::byte*>(acc), n);
  }
}

// Combines `count` elements of the `size` ranks' inputs into `destination`. Each tile is combined in
// `accumulator` (see tile_accumulator), then copied to its place; an accumulator equal to `destination`
// combines each tile in its place, which only the caller may read meanwhile. Copies move data bytes only,
// so derived layouts keep their gaps.
template <class InputOf>
void combine_in_rank_order(int size, InputOf input_of, std::size_t count, std::size_t element_size,
                           const shm::reduction_op& op, std::byte* accumulator, std::byte* destination) {
  bool in_place = accumulator == destination;
  auto tile_at = [=](std::size_t offset) { return in_place ? destination + offset : accumulator; };
  auto finished = [&](std::size_t offset, const std::byte* tile, std::size_t n) {
    if (!in_place) shm::copy_elements(destination + offset, tile, n, element_size, op);
  };
  combine_tiles_in_rank_order(size, input_of, count, element_size, op, tile_at, finished);
}

}  // namespace weft::coll
