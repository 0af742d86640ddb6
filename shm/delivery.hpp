#pragma once
// What every protocol does when a message meets its receive: record the match in the receive, and copy
// the data in. The caller completes the receive.

#include <cstddef>

#include "shm/envelope.hpp"
#include "shm/operations.hpp"
#include "shm/typed_copy.hpp"

namespace weft::shm {

// Records in a receive what matched it.
inline void record(recv_request& receive, envelope env, std::size_t size) noexcept {
  receive.source = env.source;
  receive.tag = env.tag;
  receive.message_size = size;
  receive.error = size > receive.capacity ? recv_error::truncated : recv_error::none;
}

// Copies a recorded message's data into the receive.
inline void fill(recv_request& receive, const const_typed_span& data) noexcept {
  typed_copy(receive.buffer, data, 0, receive.received());
}

}  // namespace weft::shm
