#include "collectives/cell_rings.hpp"

#include <cassert>

namespace weft::coll {

cell_rings::cell_rings(int rings, int cells_per_ring, std::size_t capacity)
    : capacity_(capacity),
      ring_mask_(static_cast<std::uint64_t>(cells_per_ring) - 1),
      lines_per_cell_(cell_bytes(capacity) / cache_line),
      lines_(
          std::make_unique_for_overwrite<line[]>(static_cast<std::size_t>(rings) * cells_per_ring * lines_per_cell_)) {
  assert(cells_per_ring > 0 && (cells_per_ring & (cells_per_ring - 1)) == 0);
  for (std::size_t cell = 0, cells = static_cast<std::size_t>(rings) * cells_per_ring; cell < cells; ++cell)
    new (&lines_[cell * lines_per_cell_]) data_cell;
}

}  // namespace weft::coll
