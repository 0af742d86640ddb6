#pragma once
// The ring one rank writes small messages into for one other rank of its node (a fast box, after Open
// MPI's shared-memory transport): a single producer, the sending rank, and a single consumer at a time,
// whoever holds the receiving rank's matching engine. A message is its envelope and its data in
// consecutive 32-byte units, the first holding the header and up to 12 bytes of data, so two messages of
// up to 12 bytes share a cache line, each written once by the sender and read once by the receiver: when
// the sender runs ahead, a line the receiver fetches brings two messages. Neither side locks or allocates;
// the sender reads the consumer's position only when the ring looks full to it.
//
// Every unit starts with a stamp word. A record is ready when its first unit's stamp is the stamp of its
// position in the ring's unit count (stamp_of). The consumer zeroes the stamps of the other units of a
// record it has read, so the word a record will start on holds the stamp of a record that started there a
// lap before, or zero: never the stamp it waits for.

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "shm/envelope.hpp"
#include "shm/typed_copy.hpp"

namespace weft::shm {

class message_ring {
 public:
  static constexpr std::size_t unit_bytes = 32;
  static constexpr std::size_t unit_count = 128;  // 4 KiB, as Open MPI's fast boxes
  static constexpr std::size_t stamp_bytes = 4;
  static constexpr std::size_t header_bytes = 20;  // the stamp, size, length and envelope
  // A record takes at most a quarter of the ring, so a ring holds at least four of the largest.
  static constexpr std::size_t largest_message =
      unit_bytes - header_bytes + (unit_count / 4 - 1) * (unit_bytes - stamp_bytes);

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
  [[nodiscard]] bool try_push(envelope env, const const_typed_span& data) noexcept;

  // Consumer. The oldest ready message, or false when there is none.
  [[nodiscard]] bool front(record& ready) noexcept;
  // Consumer. Frees the oldest message, which front() returned.
  void pop() noexcept;
  // Whether a message is ready: exact for the consumer, a hint for anyone else.
  bool has_ready() const noexcept;

 private:
  struct unit {
    std::atomic<std::uint32_t> stamp;  // stamp_of(position) on a record's first unit once it is ready
    std::byte payload[unit_bytes - stamp_bytes];
  };
  static_assert(sizeof(unit) == unit_bytes);
  // The rest of a record's first unit.
  struct header {
    std::uint16_t size;   // data bytes; skip_record marks the units skipped before a wrap
    std::uint16_t units;  // units of the record
    envelope env;
  };
  static_assert(stamp_bytes + sizeof(header) == header_bytes && largest_message < 0xffff);
  static constexpr std::uint16_t skip_record = 0xffff;

  static std::size_t units_for(std::size_t bytes) noexcept;
  // Odd, so never the zero of a cleared stamp, and different from the stamp a lap before.
  static std::uint32_t stamp_of(std::uint64_t position) noexcept {
    return static_cast<std::uint32_t>(2 * position + 1);
  }
  unit& at(std::uint64_t position) noexcept { return units_[position % unit_count]; }
  const unit& at(std::uint64_t position) const noexcept { return units_[position % unit_count]; }
  static header& header_of(unit& first) noexcept { return *reinterpret_cast<header*>(first.payload); }
  static const header& header_of(const unit& first) noexcept { return *reinterpret_cast<const header*>(first.payload); }
  bool room_for(std::size_t units) noexcept;
  void publish(std::uint16_t size, std::uint16_t units) noexcept;

  alignas(64) unit units_[unit_count] = {};
  // The producer's own line: what it wrote, and the consumer position it last read.
  alignas(64) std::uint64_t produced_ = 0;
  std::uint64_t consumed_seen_ = 0;
  // The consumer's line.
  alignas(64) std::atomic<std::uint64_t> consumed_{0};
};

}  // namespace weft::shm
