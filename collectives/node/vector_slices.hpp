#pragma once
// How the tiled reductions cut a vector among the ranks that combine it: one slice per owner, about even,
// between elements, its boundaries where cache lines begin in the buffer that the owners write, so that
// two owners never write one line (nor, in place, does one read a line that another writes).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <numeric>

#include "collectives/shared_communicator.hpp"

namespace weft::coll {

// Elements [first, first + length) of the vector.
struct slice {
  std::size_t first;
  std::size_t length;

  std::size_t offset(std::size_t element_size) const noexcept { return first * element_size; }
};

// Where slice `owner` of `owners` starts in a vector of `count` elements written at `destination`: at its
// even share, moved up to the next element that starts a cache line there. When no element starts a line
// (elements of 12 bytes at an odd address, say), at its even share.
inline std::size_t slice_start(int owner, int owners, std::size_t count, std::size_t element_size,
                               const std::byte* destination) noexcept {
  std::size_t even = count * owner / owners;
  std::size_t misalignment = reinterpret_cast<std::uintptr_t>(destination) % cache_line;
  std::size_t step = std::gcd(element_size, cache_line);
  if (owner == 0 || misalignment % step != 0) return even;
  // Elements that start lines come every `period` elements from `first_aligned` on.
  std::size_t period = cache_line / step;
  std::size_t first_aligned = 0;
  while ((misalignment + first_aligned * element_size) % cache_line != 0) ++first_aligned;
  if (even <= first_aligned) return std::min(first_aligned, count);
  return std::min(first_aligned + (even - first_aligned + period - 1) / period * period, count);
}

// Slices may be empty: a vector shorter than a line per owner goes to few of them.
inline slice slice_of(int owner, int owners, std::size_t count, std::size_t element_size,
                      const std::byte* destination) noexcept {
  std::size_t first = slice_start(owner, owners, count, element_size, destination);
  std::size_t end = owner + 1 == owners ? count : slice_start(owner + 1, owners, count, element_size, destination);
  return {first, end - first};
}

}  // namespace weft::coll
