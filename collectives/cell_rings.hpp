#pragma once
// Rings of cells for small collectives in shared memory (collectives/node/cells.hpp says how they are used): a
// communicator's ring of broadcast cells, and one ring of deposit cells per member.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>

#include "collectives/sequence_flag.hpp"

namespace weft::coll {

// The data of one small collective: `filled` holds the sequence number of the collective whose data the
// cell holds, on the cache line of its first bytes; as many bytes follow as its ring's cells hold, aligned
// for every type (reductions combine elements such as long double in place in the cell).
struct alignas(alignof(std::max_align_t)) data_cell {
  sequence_flag filled;
  std::byte* data() noexcept { return reinterpret_cast<std::byte*>(this + 1); }
  const std::byte* data() const noexcept { return reinterpret_cast<const std::byte*>(this + 1); }
};

// `rings` rings of `cells_per_ring` cells (a power of two: finding a cell masks the sequence number) of
// `capacity` bytes each, in cache lines. Only the marks are written when they are made, so the pages of
// cells larger than a page are taken once a collective as large has used them.
class cell_rings {
 public:
  cell_rings() = default;  // none
  cell_rings(int rings, int cells_per_ring, std::size_t capacity);

  // The memory one cell of `capacity` bytes takes, its mark included: whole cache lines.
  static constexpr std::size_t cell_bytes(std::size_t capacity) noexcept {
    return (sizeof(data_cell) + capacity + cache_line - 1) / cache_line * cache_line;
  }

  std::size_t capacity() const noexcept { return capacity_; }
  int cells_per_ring() const noexcept { return static_cast<int>(ring_mask_ + 1); }
  bool empty() const noexcept { return lines_ == nullptr; }
  // Ring `ring`'s cell of collective `sequence`.
  data_cell& operator()(int ring, std::uint64_t sequence) noexcept {
    std::size_t cell = static_cast<std::size_t>(ring) * (ring_mask_ + 1) + (sequence & ring_mask_);
    return *std::launder(reinterpret_cast<data_cell*>(&lines_[cell * lines_per_cell_]));
  }

 private:
  struct alignas(cache_line) line {
    std::byte bytes[cache_line];
  };
  std::size_t capacity_ = 0;
  std::uint64_t ring_mask_ = 0;
  std::size_t lines_per_cell_ = 0;
  std::unique_ptr<line[]> lines_;
};

}  // namespace weft::coll
