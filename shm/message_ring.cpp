#include "shm/message_ring.hpp"

#include <cstring>

namespace weft::shm {
namespace {

constexpr std::size_t first_data = message_ring::unit_bytes - message_ring::header_bytes;
constexpr std::size_t next_data = message_ring::unit_bytes - message_ring::stamp_bytes;

// Runs `segment(unit_index, offset_in_unit, data_offset, length)` over the pieces of a record's data:
// up to 12 bytes in its first unit after the header, then up to 28 bytes after each next unit's stamp.
template <class Segment>
void for_each_segment(std::size_t size, Segment&& segment) {
  std::size_t length = size < first_data ? size : first_data;
  segment(0, message_ring::header_bytes, 0, length);
  for (std::size_t done = length, index = 1; done < size; done += length, ++index) {
    length = size - done < next_data ? size - done : next_data;
    segment(index, message_ring::stamp_bytes, done, length);
  }
}

// Copies one segment between plain bytes: a full one as fixed-size moves the compiler inlines, where a
// call to memcpy per 28 bytes made a 256-byte message cost as much as its line transfers.
void copy_segment(std::byte* to, const std::byte* from, std::size_t length) noexcept {
  if (length == next_data)
    std::memcpy(to, from, next_data);
  else
    std::memcpy(to, from, length);
}

}  // namespace

std::size_t message_ring::units_for(std::size_t bytes) noexcept {
  return bytes <= first_data ? 1 : 1 + (bytes - first_data + next_data - 1) / next_data;
}

bool message_ring::room_for(std::size_t units) noexcept {
  if (produced_ + units - consumed_seen_ <= unit_count) return true;
  consumed_seen_ = consumed_.load(std::memory_order_acquire);
  return produced_ + units - consumed_seen_ <= unit_count;
}

void message_ring::publish(std::uint16_t size, std::uint16_t units) noexcept {
  unit& first = at(produced_);
  header_of(first).size = size;
  header_of(first).units = units;
  // A release store, no locked instruction: the store buffer takes the line's transfer off the sender's
  // path (a locked exchange here cost 15-35 % of the message rate). ring_inbox::notify orders the sender's
  // next look after it.
  first.stamp.store(stamp_of(produced_), std::memory_order_release);
  produced_ += units;
}

bool message_ring::try_push(envelope env, const const_typed_span& data) noexcept {
  std::size_t size = data.bytes();
  std::size_t units = units_for(size);
  // A record never wraps: the units up to the end are skipped when it would not fit before it.
  std::size_t to_end = unit_count - produced_ % unit_count;
  std::size_t skipped = units > to_end ? to_end : 0;
  if (!room_for(skipped + units)) return false;
  if (skipped != 0) publish(skip_record, static_cast<std::uint16_t>(skipped));
  std::byte* first = reinterpret_cast<std::byte*>(&at(produced_));
  header_of(at(produced_)).env = env;
  const std::byte* plain = data.layout->is_contiguous() ? data.base + data.layout->true_lb() : nullptr;
  for_each_segment(size, [&](std::size_t index, std::size_t in_unit, std::size_t offset, std::size_t length) {
    std::byte* to = first + index * unit_bytes + in_unit;
    if (plain != nullptr)
      copy_segment(to, plain + offset, length);
    else
      typed_copy(byte_span(to, length), 0, data, offset, length);
  });
  publish(static_cast<std::uint16_t>(size), static_cast<std::uint16_t>(units));
  return true;
}

void message_ring::record::copy_to(const typed_span& to, std::size_t length) const noexcept {
  const std::byte* first = reinterpret_cast<const std::byte*>(&ring_->at(position_));
  std::byte* plain = to.layout->is_contiguous() ? to.base + to.layout->true_lb() : nullptr;
  for_each_segment(length, [&](std::size_t index, std::size_t in_unit, std::size_t offset, std::size_t piece) {
    const std::byte* from = first + index * unit_bytes + in_unit;
    if (plain != nullptr)
      copy_segment(plain + offset, from, piece);
    else
      typed_copy(to, offset, byte_span(from, piece), 0, piece);
  });
}

bool message_ring::has_ready() const noexcept {
  std::uint64_t position = consumed_.load(std::memory_order_acquire);
  return at(position).stamp.load(std::memory_order_seq_cst) == stamp_of(position);
}

bool message_ring::front(record& ready) noexcept {
  for (;;) {
    std::uint64_t position = consumed_.load(std::memory_order_relaxed);
    const unit& first = at(position);
    if (first.stamp.load(std::memory_order_acquire) != stamp_of(position)) return false;
    const header& h = header_of(first);
    if (h.size != skip_record) {
      ready.env = h.env;
      ready.size = h.size;
      ready.ring_ = this;
      ready.position_ = position;
      return true;
    }
    pop();
  }
}

void message_ring::pop() noexcept {
  std::uint64_t position = consumed_.load(std::memory_order_relaxed);
  std::size_t units = header_of(at(position)).units;
  for (std::size_t i = 1; i < units; ++i) at(position + i).stamp.store(0, std::memory_order_relaxed);
  // Release: the producer reuses these units only after our reads of them and the zeroed stamps.
  consumed_.store(position + units, std::memory_order_release);
}

}  // namespace weft::shm
