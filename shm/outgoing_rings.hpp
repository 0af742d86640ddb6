#pragma once
// A sending rank's rings, by destination: an open-addressing table of the destinations it sends small
// messages to, each with its ring, or the count of messages sent before it gets one, or the receiver's
// refusal. A rank touches its own table alone; sized by the ranks it talks to, not by the job.

#include <cstdint>
#include <memory>
#include <new>

#include "shm/message_ring.hpp"

namespace weft::shm {

class outgoing_rings {
 public:
  // An entry is written only by its rank, but the table sits among other allocations that other ranks
  // write: cache-line aligned, and a whole number of lines.
  struct alignas(32) entry {
    int destination = -1;  // -1: a free slot
    // No ring ever: the receiver had its WEFT_RING_PEERS rings when asked, or it shares the sender's worker.
    bool without_ring = false;
    std::uint32_t sends = 0;  // small messages sent while there was no ring
    message_ring* ring = nullptr;  // owned by the receiver's inbox once attached
  };

  // The entry of `destination`, made on first use.
  entry& at(int destination);

 private:
  void grow();

  struct free_lines {
    void operator()(entry* slots) const noexcept { ::operator delete[](slots, std::align_val_t{64}); }
  };
  std::unique_ptr<entry[], free_lines> slots_;
  std::uint32_t capacity_ = 0;  // a power of two
  std::uint32_t used_ = 0;
};

}  // namespace weft::shm
