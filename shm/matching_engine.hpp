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

#include <cstddef>
#include <cstdint>
#include <mutex>

#include "runtime/intrusive_queue.hpp"
#include "runtime/rank.hpp"
#include "runtime/spinlock.hpp"
#include "shm/operations.hpp"

namespace weft::shm {

class alignas(64) matching_engine {
 public:
  std::unique_lock<runtime::spinlock> lock() { return std::unique_lock(lock_); }

  // The calls below require the lock.

  // Removes and returns the oldest posted receive that `incoming` matches, or nullptr.
  recv_request* take_posted(const envelope& incoming) noexcept;

  // Removes and returns the oldest unexpected message that `pattern` matches, or nullptr.
  message* take_unexpected(const envelope& pattern) noexcept;

  // Like take_unexpected, without removing.
  const message* find_unexpected(const envelope& pattern) noexcept;

  void post(recv_request* receive) noexcept;

  // Removes a posted receive that no message has matched yet; false when it is no longer posted.
  bool remove_posted(recv_request* receive) noexcept;

  // Removes a queued message nobody has matched yet; false when it is no longer queued.
  bool remove_unexpected(message* m) noexcept;

  // Whether one more inline message of `bytes` fits the unexpected-message budget.
  bool inline_fits(std::size_t bytes) const noexcept;

  // Queues an unexpected message (an inline one holds budget until taken) and wakes a rank waiting in probe.
  void queue_unexpected(message* m) noexcept;

  static constexpr int bin_count = 32;

  // `m`, taken from the unexpected queue (or null), is the receiver's own now: an inline one returns its
  // budget.
  void release_taken(const message* m) noexcept {
    if (m != nullptr && m->kind == message_kind::inline_data) unexpected_inline_bytes_ -= inline_message::footprint(m->size);
  }

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
  unexpected_match locate_unexpected(const envelope& pattern) noexcept;

  posted_queue posted_[bin_count];
  posted_queue posted_any_source_;
  unexpected_queue unexpected_[bin_count];
  std::uint64_t posted_sequence_ = 0;
  std::uint64_t unexpected_sequence_ = 0;
  std::size_t unexpected_inline_bytes_ = 0;  // footprints of the queued inline messages
  runtime::rank* prober_ = nullptr;
};

// The engine of a rank of this process (created for all ranks on first use).
matching_engine& engine_of(int rank_id);

}  // namespace weft::shm
