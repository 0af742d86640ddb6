#pragma once
// Working buffers of a reduction in one member's scratch memory (shared_communicator::scratch): `count`
// buffers of elements, each spanning `span` bytes, addressed by their origins (see reduction_op.hpp).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "collectives/shared_communicator.hpp"
#include "shm/reduction_op.hpp"

namespace weft::coll {

class working_buffers {
 public:
  working_buffers(std::vector<std::byte>& scratch, int count, shm::element_span span)
      // Each buffer starts on its own cache line, which also aligns it for any element type.
      : stride_((span.bytes + cache_line - 1) / cache_line * cache_line), first_(span.first) {
    std::size_t needed = stride_ * static_cast<std::size_t>(count) + cache_line;
    if (scratch.size() < needed) scratch.resize(needed);
    std::size_t misalignment = reinterpret_cast<std::uintptr_t>(scratch.data()) % cache_line;
    memory_ = scratch.data() + (misalignment == 0 ? 0 : cache_line - misalignment);
  }

  std::byte* origin(int index) const noexcept { return memory_ + stride_ * static_cast<std::size_t>(index) - first_; }

 private:
  std::size_t stride_;
  std::ptrdiff_t first_;
  std::byte* memory_;
};

}  // namespace weft::coll
