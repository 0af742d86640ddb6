#pragma once
// The records of a point-to-point operation in flight. They never allocate: a send's rendezvous
// descriptor lives inside the send request, and an inline message is one block of the receiver's engine
// holding header and data together. Buffers are typed spans; sizes count data bytes (the signature stream), not
// extents.

#include <cstddef>
#include <cstdint>

#include "shm/block_copy.hpp"
#include "shm/completion.hpp"
#include "shm/envelope.hpp"
#include "shm/typed_copy.hpp"

namespace weft::shm {

struct send_request;

// inline_data: the data travels in the message, which the receiver's queue owns (inline_message);
// rendezvous: the message points at the buffer of a send waiting for it (send_request);
// given: the message carries an ownership-passing buffer (given_message, in pool_buffer.hpp), whose
//        giver has already returned;
// remote: the data is with a sender on another node, fetched through the remote channel once matched
//        (remote_channel.hpp).
enum class message_kind : std::uint8_t { inline_data, rendezvous, given, remote };

// A message the receiver has not matched yet, queued in its unexpected queue.
struct message {
  envelope env;
  std::size_t size = 0;
  const_typed_span data;           // the sender's buffer, the inline bytes below, or the given buffer
  send_request* sender = nullptr;  // a rendezvous message's send
  message* next = nullptr;
  std::uint64_t sequence = 0;  // arrival order at the receiver, across its source bins
  message_kind kind = message_kind::rendezvous;
};

// An inline message: header and data, packed, in one block of the receiver's engine (new_inline), owned by
// the receiver's queue until matched.
struct inline_message : message {
  // The memory one of `data_bytes` takes: what the unexpected-message budget counts, so that a flood of
  // empty messages is bounded too.
  static constexpr std::size_t footprint(std::size_t data_bytes) noexcept { return sizeof(message) + data_bytes; }
  std::byte* bytes() noexcept { return reinterpret_cast<std::byte*>(this + 1); }
};

enum class send_mode { standard, synchronous };

struct send_request {
  completion done;
  message rendezvous;    // queued at the receiver when the data is not copied at once
  block_copy transfer;   // a large copy shared with the receiver
  int destination = -1;  // the receiving rank, whose engine (or, on another node, whose node) a cancel asks
};

enum class recv_error { none, truncated };

struct recv_request {
  completion done;
  envelope pattern;
  typed_span buffer;
  std::size_t capacity = 0;  // buffer.bytes()
  recv_request* next = nullptr;
  std::uint64_t sequence = 0;  // posting order, across the engine's source bins
  // A take (MPIX_Take): where the address of the buffer it receives goes. Its buffer has no base until
  // matched, then the given buffer's or a fresh one from the pool of the rank that matched.
  void** taken = nullptr;
  // Filled when matched.
  int source = 0;
  int tag = 0;
  std::size_t message_size = 0;  // as sent; more than capacity when truncated
  recv_error error = recv_error::none;

  std::size_t received() const noexcept { return message_size < capacity ? message_size : capacity; }
};

}  // namespace weft::shm
