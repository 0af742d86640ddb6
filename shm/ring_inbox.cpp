#include "shm/ring_inbox.hpp"

#include "runtime/config.hpp"

namespace weft::shm {

ring_inbox::~ring_inbox() {
  for (int i = 0, n = ring_count(); i < n; ++i) delete rings_[i].load(std::memory_order_relaxed);
}

bool ring_inbox::attach(message_ring* ring) noexcept {
  int count = count_.load(std::memory_order_relaxed);
  if (count >= runtime::job_config().ring_peers) return false;
  rings_[count].store(ring, std::memory_order_release);
  count_.store(count + 1, std::memory_order_release);
  // The sender's looks at watched_ from now on use the light fence alone. Before them, this full fence
  // pairs with watch(): a receiver that parked seeing no ring, so without watching, is one whose owner_
  // this sender sees and wakes after its first message (wake_after_first_message), so its worker need not
  // look at it again (ring_arrivals::has_senders).
  std::atomic_thread_fence(std::memory_order_seq_cst);
  return true;
}

bool ring_inbox::has_ready() const noexcept {
  // Sequentially consistent: in watch(), after the watch, this look at the ring count pairs with attach().
  for (int i = 0, n = count_.load(std::memory_order_seq_cst); i < n; ++i)
    if (ring(i).has_ready()) return true;
  return false;
}

bool ring_inbox::watch(runtime::rank* self) noexcept {
  // Written once, before any sender can see `watched_` set: senders read it while the owner watches again.
  if (owner_.load(std::memory_order_relaxed) == nullptr) owner_.store(self, std::memory_order_seq_cst);
  // A sender that attaches a ring after this look sees owner_ set, and wakes the rank after its first
  // message (attach()'s fence pairs with these sequentially consistent accesses).
  if (count_.load(std::memory_order_seq_cst) == 0) return true;
  watched_.store(true, std::memory_order_seq_cst);  // a sender that sees it also sees owner_
  if (!has_ready()) return true;
  watched_.store(false, std::memory_order_relaxed);
  return false;
}

}  // namespace weft::shm
