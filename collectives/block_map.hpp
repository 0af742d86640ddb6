#pragma once
// A buffer cut into one block per rank of a communicator, as the data-movement collectives see it: the
// root's buffer of a gather or scatter, a receive buffer of an allgather, both buffers of an alltoall.
// Each block is typed (count elements of a layout), so a copy goes from one rank's layout straight into
// the other's, and a block that holds more data than the room for it is caught before anything is written.

#include <cstddef>
#include <type_traits>

#include "shm/typed_copy.hpp"

namespace weft::coll {

// Block r is counts[r] (or `count`) elements of layouts[r] (or `layout`), byte_displacements[r] bytes or
// displacements[r] * unit bytes from `base` (or, without displacements, r * count * unit: the blocks
// follow each other, `unit` being the layout's extent; a unit of 0 makes every block the same one, as
// the send buffer of a neighbourhood allgather is). The arrays and layouts are not owned: whoever starts
// a collective keeps them alive until it completes.
template <class Byte>
struct basic_block_map {
  Byte* base = nullptr;
  const shm::type_layout* layout = nullptr;
  const shm::type_layout* const* layouts = nullptr;  // per block (MPI_Alltoallw)
  int count = 0;
  const int* counts = nullptr;
  const int* displacements = nullptr;
  std::ptrdiff_t unit = 0;                             // bytes per unit of displacement
  const std::ptrdiff_t* byte_displacements = nullptr;  // per block, in bytes (MPI_Neighbor_alltoallw)

  shm::basic_typed_span<Byte> block(int r) const noexcept { return {base + offset(r), layout_of(r), count_of(r)}; }

  // Block r's place and shape without its address: also for a map whose buffer only another rank holds
  // (base null), from which no pointer may be formed.
  std::ptrdiff_t offset(int r) const noexcept {
    return byte_displacements ? byte_displacements[r]
           : displacements    ? static_cast<std::ptrdiff_t>(displacements[r]) * unit
                              : static_cast<std::ptrdiff_t>(r) * count * unit;
  }
  const shm::type_layout* layout_of(int r) const noexcept { return layouts ? layouts[r] : layout; }
  std::size_t count_of(int r) const noexcept { return static_cast<std::size_t>(counts ? counts[r] : count); }

  operator basic_block_map<const Byte>() const noexcept
    requires(!std::is_const_v<Byte>)
  {
    return {base, layout, layouts, count, counts, displacements, unit, byte_displacements};
  }
};

using block_map = basic_block_map<std::byte>;              // rooms to receive into
using const_block_map = basic_block_map<const std::byte>;  // blocks to send

// The first block a rank met that held more data than the room it was to be copied into: `bytes` from
// rank `source` for `capacity` bytes at rank `destination` (ranks of the communicator).
struct truncation {
  bool found = false;
  int source = 0;
  int destination = 0;
  std::size_t bytes = 0;
  std::size_t capacity = 0;
};

// Copies rank `source`'s block `from` into `to`, the room for it at rank `destination`. A block too large
// for its room fills the room only (as a truncated receive does) and is recorded in `seen`.
inline void copy_block(const shm::typed_span& to, const shm::const_typed_span& from, int source, int destination,
                       truncation& seen) noexcept {
  std::size_t bytes = from.bytes();
  std::size_t capacity = to.bytes();
  if (bytes > capacity) [[unlikely]] {
    if (!seen.found) seen = {true, source, destination, bytes, capacity};
    bytes = capacity;
  }
  shm::typed_copy(to, from, 0, bytes);
}

}  // namespace weft::coll
