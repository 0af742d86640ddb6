#include "shm/block_copy.hpp"

#include <algorithm>

namespace weft::shm {

void block_copy::copy_blocks(std::size_t block) noexcept {
  for (;;) {
    std::size_t offset = next.fetch_add(block, std::memory_order_relaxed);
    if (offset >= size) return;
    typed_copy(destination, source, offset, std::min(block, size - offset));
  }
}

}  // namespace weft::shm
