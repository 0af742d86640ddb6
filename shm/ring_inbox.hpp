#pragma once
// A receiving rank's message rings (message_ring.hpp), one per sender that got one, and how a sender wakes
// the receiver when it waits. Its rings are attached by their senders under the receiver's engine lock
// and freed with the inbox; they are read by whoever holds that lock. The receiver takes them in through
// the runtime (runtime/arrivals.hpp): this class only says when there is something to take in.

#include <array>
#include <atomic>
#include <memory>

#include "runtime/asymmetric_fence.hpp"
#include "runtime/rank.hpp"
#include "runtime/scheduler.hpp"
#include "shm/message_ring.hpp"

namespace weft::shm {

class ring_inbox {
 public:
  static constexpr int most_rings = 64;  // the largest WEFT_RING_PEERS

  ring_inbox() = default;
  ring_inbox(const ring_inbox&) = delete;
  ring_inbox& operator=(const ring_inbox&) = delete;
  ~ring_inbox();

  // Under the engine lock, by a sender: takes `ring` in for good; false when the receiver has its
  // WEFT_RING_PEERS rings already (the caller keeps it).
  [[nodiscard]] bool attach(message_ring* ring) noexcept;

  int ring_count() const noexcept { return count_.load(std::memory_order_acquire); }
  message_ring& ring(int index) const noexcept { return *rings_[index].load(std::memory_order_acquire); }

  // Whether any ring holds a ready message: exact under the engine lock, a hint elsewhere.
  bool has_ready() const noexcept;

  // By a sender that has just written a message: wakes the receiver if it asked to be. The write and this
  // look are ordered by the light side of an asymmetric fence; the receiver's watch and its last look at
  // the rings by a full one (watch()). A watch this look misses is one the receiver's worker looks at again
  // after the heavy side (runtime/arrivals.hpp).
  void notify() noexcept {
    runtime::light_fence();
    if (watched_.load(std::memory_order_relaxed) && watched_.exchange(false, std::memory_order_acq_rel))
      runtime::unpark(owner_.load(std::memory_order_relaxed));
  }

  // By a sender, after the first message it wrote into a ring it attached: wakes the receiver, which may
  // have parked without watching, having seen no ring (watch()).
  void wake_after_first_message() noexcept {
    if (runtime::rank* owner = owner_.load(std::memory_order_seq_cst)) runtime::unpark(owner);
  }

  // By the receiver, `self`, before it parks: asks to be woken by the next message; false, without asking,
  // when a message is ready already. Without rings it needs no asking: a sender that attaches one wakes it
  // after its first message (wake_after_first_message), which spares most parks of ranks whose partners
  // share their worker a locked store.
  [[nodiscard]] bool watch(runtime::rank* self) noexcept;
  // By the receiver after it parked.
  void unwatch() noexcept {
    if (watched_.load(std::memory_order_relaxed)) watched_.store(false, std::memory_order_relaxed);
  }

 private:
  std::atomic<int> count_{0};
  std::array<std::atomic<message_ring*>, most_rings> rings_{};
  // Written by the receiver when it parks, read by every sender after every message: a line of its own.
  alignas(64) std::atomic<bool> watched_{false};
  // The receiver, from its first watch on: set before it first looks at the ring count, read by senders
  // after they attached a ring (both sequentially consistent).
  std::atomic<runtime::rank*> owner_{nullptr};
};

}  // namespace weft::shm
