#pragma once
// One receiving rank's matching state: its posted receives and the messages that arrived before a
// receive for them was posted, under one short critical section. Senders match against the posted
// receives, the receiver against the unexpected messages; both take the oldest match, which gives MPI's
// non-overtaking rule and makes wildcards take the oldest match.
//
// Both sides are binned by source rank (source modulo bin_count), so that a receive naming its source,
// or a message from a known sender, scans only its bin: with a queue per side, an all-to-all on 1,000
// ranks spent its time scanning. Receives from MPI_ANY_SOURCE have a queue of their own; sequence
// numbers order entries across queues.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>

#include "runtime/config.hpp"
#include "runtime/intrusive_queue.hpp"
#include "runtime/rank.hpp"
#include "runtime/spinlock.hpp"
#include "shm/operations.hpp"
#include "shm/ring_inbox.hpp"

namespace weft::shm {

class alignas(64) matching_engine {
 public:
  matching_engine() = default;
  matching_engine(const matching_engine&) = delete;
  matching_engine& operator=(const matching_engine&) = delete;
  ~matching_engine();

  std::unique_lock<runtime::spinlock> lock() { return std::unique_lock(lock_); }

  // The calls below require the lock.

  // Removes and returns the oldest posted receive that `incoming` matches, or nullptr.
  recv_request* take_posted(envelope incoming) noexcept;

  // Removes and returns the oldest unexpected message that `pattern` matches, or nullptr.
  message* take_unexpected(envelope pattern) noexcept;

  // Like take_unexpected, without removing.
  const message* find_unexpected(envelope pattern) noexcept;

  void post(recv_request* receive) noexcept;

  // Removes a posted receive that no message has matched yet; false when it is no longer posted.
  [[nodiscard]] bool remove_posted(recv_request* receive) noexcept;

  // Removes a queued message nobody has matched yet; false when it is no longer queued.
  [[nodiscard]] bool remove_unexpected(message* m) noexcept;

  // Whether one more inline message of `bytes` fits the unexpected-message budget.
  bool inline_fits(std::size_t bytes) const noexcept;

  // A new inline message of `env` and `size` data bytes (at most WEFT_INLINE_MAX), its data to be filled,
  // from the engine's free blocks.
  inline_message* new_inline(envelope env, std::size_t size);
  // Returns a taken inline message's block.
  void free_inline(inline_message* m) noexcept;

  // Queues an unexpected message (an inline one holds budget until taken) and wakes a rank waiting in probe.
  void queue_unexpected(message* m) noexcept;

  static constexpr int bin_count = 32;

  // `m`, taken from the unexpected queue (or null), is the receiver's own now: an inline one returns its
  // budget.
  void release_taken(const message* m) noexcept {
    if (m != nullptr && m->kind == message_kind::inline_data)
      unexpected_inline_bytes_.store(
          unexpected_inline_bytes_.load(std::memory_order_relaxed) - inline_message::footprint(m->size),
          std::memory_order_relaxed);
  }

  // Without the lock, by a sender: whether the unexpected inline messages have used up the budget, so that
  // small messages must wait for their receives instead of filling the rings.
  bool over_budget() const noexcept {
    return unexpected_inline_bytes_.load(std::memory_order_relaxed) >= runtime::job_config().unexpected_budget;
  }

  // The messages senders write into rings for this engine's rank (ring_delivery.hpp).
  ring_inbox& inbox() noexcept { return inbox_; }

  // The receiving rank waits for any new message (blocking probe); the next queued message wakes it.
  void await_arrival(runtime::rank* prober) noexcept { prober_ = prober; }

 private:
  runtime::spinlock lock_;
  using posted_queue = runtime::intrusive_queue<recv_request, &recv_request::next>;
  using unexpected_queue = runtime::intrusive_queue<message, &message::next>;

  static int bin_of(int source) noexcept { return source & (bin_count - 1); }

  struct unexpected_match {
    unexpected_queue* bin;
    message* previous;
    message* found;
  };
  unexpected_match locate_unexpected(envelope pattern) noexcept;

  posted_queue posted_[bin_count];
  posted_queue posted_any_source_;
  unexpected_queue unexpected_[bin_count];
  std::uint64_t posted_sequence_ = 0;
  std::uint64_t unexpected_sequence_ = 0;
  // Footprints of the queued inline messages; changed under the lock, read without it by over_budget(),
  // so on a line that receives and posts do not write.
  alignas(64) std::atomic<std::size_t> unexpected_inline_bytes_{0};
  alignas(64) runtime::rank* prober_ = nullptr;
  // Blocks of inline messages received and not yet reused, each WEFT_INLINE_MAX bytes of data; at most
  // kept_blocks of them are kept.
  runtime::intrusive_queue<message, &message::next> free_blocks_;
  unsigned free_block_count_ = 0;
  static constexpr unsigned kept_blocks = 64;
  ring_inbox inbox_;
};

// The engine of a rank of this process (created for all ranks on first use).
matching_engine& engine_of(int rank_id);

}  // namespace weft::shm
