#pragma once
// A large copy shared by the two ranks of a transfer (the thesis's synergistic copy): whoever matched
// the message starts copying block by block, and offers the copy to its peer, which joins if it is waiting
// inside MPI. Both claim blocks of the signature stream with fetch-add, so two cores copy at once; each
// block goes from the source's layout straight into the destination's.
//
// Lifetime: the copy lives in the send request, and neither operation completes before both sides are
// done with it. The peer's completion holds the offer; the peer joins by taking it, the publisher takes it
// back when its claims run out. If the peer never joined, the publisher copied every block and completes
// both operations. Otherwise each side leaves once its claims run out and its last block is copied, and
// the second to leave completes both: until then neither operation is complete, so nothing either side
// touches can have been freed.

#include <atomic>
#include <cstddef>

#include "shm/typed_copy.hpp"

namespace weft::shm {

class completion;

struct block_copy {
  typed_span destination;
  const_typed_span source;
  std::size_t size = 0;              // data bytes to copy, from the start of both streams
  completion* publisher = nullptr;   // the operation of the side that started the copy
  std::atomic<std::size_t> next{0};  // first byte not yet claimed
  std::atomic<int> left{0};          // sides done with the copy

  void start(const typed_span& to, const const_typed_span& from, std::size_t bytes, completion* started_by) noexcept {
    destination = to;
    source = from;
    size = bytes;
    publisher = started_by;
    next.store(0, std::memory_order_relaxed);
    left.store(0, std::memory_order_relaxed);
  }

  // Claims and copies blocks until none is left.
  void copy_blocks(std::size_t block) noexcept;

  // Called by each side of a shared copy when it is done with it; true for the second, which then
  // completes both operations (the publisher's last) and touches nothing afterwards.
  [[nodiscard]] bool leave() noexcept { return left.fetch_add(1, std::memory_order_acq_rel) == 1; }
};

}  // namespace weft::shm
