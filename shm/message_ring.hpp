#pragma once
// The ring one rank writes small messages into for one other rank of its node (a fast box, after Open
// MPI's shared-memory transport): a single producer, the sending rank, and a single consumer at a time,
// whoever holds the receiving rank's matching engine. A message is its envelope and its data in
// consecutive 64-byte lines, the first holding the header and up to 32 bytes of data, so a message of up
// to 32 bytes is one line, written once by the sender and read once by the receiver. Neither side locks or
// allocates; the sender reads the consumer's position only when the ring looks full to it.
//
// Every line starts with a stamp word that only ever holds stamps: a record is ready when its first line's
// stamp is its position in the ring's line count plus one, which no earlier lap wrote there.

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "shm/envelope.hpp"
#include "shm/typed_copy.hpp"

namespace weft::shm {

class message_ring {
 public:
  static constexpr std::size_t line_bytes = 64;
  static constexpr std::size_t line_count = 64;  // 4 KiB, as Open MPI's fast boxes
  static constexpr std::size_t stamp_bytes = 8;
  static constexpr std::size_t header_bytes = 32;  // the stamp, size, length and envelope
  // A record takes at most a quarter of the ring, so a ring holds at least four of the largest.
  static constexpr std::size_t largest_message =
      line_bytes - header_bytes + (line_count / 4 - 1) * (line_bytes - stamp_bytes);

  // A ready message, as the consumer sees it; valid until pop().
  class record {
   public:
    envelope env;
    std::size_t size;
    // Copies data bytes [0, length) into `to`.
    void copy_to(const typed_span& to, std::size_t length) const noexcept;

   private:
    friend class message_ring;
    const message_ring* ring_;
    std::uint64_t position_;
  };

  message_ring() = default;
  message_ring(const message_ring&) = delete;
  message_ring& operator=(const message_ring&) = delete;

  // Producer. Writes `data` (at most largest_message bytes) as one message; false when the ring has no room.
  bool try_push(const envelope& env, const const_typed_span& data) noexcept;

  // Consumer. The oldest ready message, or false when there is none.
  bool front(record& ready) noexcept;
  // Consumer. Frees the oldest message, which front() returned.
  void pop() noexcept;
  // Whether a message is ready: exact for the consumer, a hint for anyone else.
  bool has_ready() const noexcept;

 private:
  struct alignas(line_bytes) line {
    std::atomic<std::uint64_t> stamp;  // position + 1 on a record's first line once it is ready
    std::byte payload[line_bytes - stamp_bytes];
  };
  static_assert(sizeof(line) == line_bytes);
  // The rest of a record's first line.
  struct header {
    std::uint32_t size;   // data bytes; skip_record marks the lines skipped before a wrap
    std::uint32_t lines;  // lines of the record
    envelope env;
    std::uint32_t unused;
  };
  static_assert(stamp_bytes + sizeof(header) == header_bytes);
  static constexpr std::uint32_t skip_record = ~std::uint32_t{0};

  static std::size_t lines_for(std::size_t bytes) noexcept;
  line& at(std::uint64_t position) noexcept { return lines_[position % line_count]; }
  const line& at(std::uint64_t position) const noexcept { return lines_[position % line_count]; }
  static header& header_of(line& first) noexcept { return *reinterpret_cast<header*>(first.payload); }
  static const header& header_of(const line& first) noexcept { return *reinterpret_cast<const header*>(first.payload); }
  bool room_for(std::size_t lines) noexcept;
  void publish(std::uint32_t size, std::uint32_t lines) noexcept;

  line lines_[line_count] = {};
  // The producer's own line: what it wrote, and the consumer position it last read.
  alignas(line_bytes) std::uint64_t produced_ = 0;
  std::uint64_t consumed_seen_ = 0;
  // The consumer's line.
  alignas(line_bytes) std::atomic<std::uint64_t> consumed_{0};
};

}  // namespace weft::shm
