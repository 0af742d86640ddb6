#include <catch2/catch.hpp>
#include <cstddef>
#include <cstdint>

#include "collectives/cell_rings.hpp"

using weft::coll::cache_line;
using weft::coll::cell_rings;
using weft::coll::data_cell;

namespace {

std::byte pattern(int ring, std::uint64_t sequence, std::size_t at) {
  return static_cast<std::byte>(ring * 31 + sequence * 7 + at);
}

// Fills every cell of `rings` rings of `per_ring` cells of `capacity` bytes, then checks that each kept what
// it was given.
void check_rings(int rings, int per_ring, std::size_t capacity) {
  INFO(rings << " rings of " << per_ring << " cells of " << capacity << " B");
  cell_rings cells(rings, per_ring, capacity);
  REQUIRE(!cells.empty());
  REQUIRE(cells.capacity() == capacity);
  REQUIRE(cells.cells_per_ring() == per_ring);
  for (int ring = 0; ring < rings; ++ring) {
    for (std::uint64_t sequence = 0; sequence < static_cast<std::uint64_t>(per_ring); ++sequence) {
      data_cell& cell = cells(ring, sequence);
      CHECK(reinterpret_cast<std::uintptr_t>(&cell) % cache_line == 0);
      CHECK(reinterpret_cast<std::uintptr_t>(cell.data()) % alignof(std::max_align_t) == 0);
      CHECK(cell.filled.value() == 0);
      CHECK(&cells(ring, sequence + per_ring) == &cell);
      for (std::size_t at = 0; at < capacity; ++at) cell.data()[at] = pattern(ring, sequence, at);
      cell.filled.advance(sequence + 1);
    }
  }
  // Every cell still holds all it was given: none reaches into another.
  for (int ring = 0; ring < rings; ++ring) {
    for (std::uint64_t sequence = 0; sequence < static_cast<std::uint64_t>(per_ring); ++sequence) {
      const data_cell& cell = cells(ring, sequence);
      CHECK(cell.filled.value() == sequence + 1);
      std::size_t wrong = 0;
      for (std::size_t at = 0; at < capacity; ++at) wrong += cell.data()[at] != pattern(ring, sequence, at);
      CHECK(wrong == 0);
    }
  }
}

}  // namespace

TEST_CASE("cells start unmarked on lines of their own, hold their capacity apart and aligned, and come round again") {
  for (std::size_t capacity : {0, 1, 56, 57, 200, 256, 2048, 8192})
    for (int rings : {1, 3})
      for (int per_ring : {1, 16, 256}) check_rings(rings, per_ring, capacity);
}

TEST_CASE("no rings, no cells") {
  cell_rings none;
  CHECK(none.empty());
  CHECK(none.capacity() == 0);
}
