#include "shm/outgoing_rings.hpp"

namespace weft::shm {
namespace {

// A destination's first slot in a table of `capacity` (a power of two). An odd multiplier keeps
// consecutive ranks, the usual neighbours, in distinct slots and spreads strided ones.
std::uint32_t home(int destination, std::uint32_t capacity) noexcept {
  return static_cast<std::uint32_t>(destination) * 2654435769u & (capacity - 1);
}

}  // namespace

outgoing_rings::entry& outgoing_rings::at(int destination) {
  for (std::uint32_t i = capacity_ == 0 ? 0 : home(destination, capacity_); capacity_ != 0; i = (i + 1) & (capacity_ - 1)) {
    entry& slot = slots_[i];
    if (slot.destination == destination) return slot;
    if (slot.destination != -1) continue;
    if (2 * (used_ + 1) > capacity_) break;  // keep the table at most half full
    ++used_;
    slot.destination = destination;
    return slot;
  }
  grow();
  return at(destination);
}

void outgoing_rings::grow() {
  std::uint32_t capacity = capacity_ == 0 ? 16 : 2 * capacity_;
  std::unique_ptr<entry[], free_lines> slots(new (std::align_val_t{64}) entry[capacity]);
  for (std::uint32_t i = 0; i < capacity_; ++i) {
    const entry& old = slots_[i];
    if (old.destination == -1) continue;
    std::uint32_t j = home(old.destination, capacity);
    while (slots[j].destination != -1) j = (j + 1) & (capacity - 1);
    slots[j] = old;
  }
  slots_ = std::move(slots);
  capacity_ = capacity;
}

}  // namespace weft::shm
