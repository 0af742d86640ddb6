#pragma once
// Point-to-point messages of one collective between members of a communicator, on its collective context
// (which no user receive can match), for the phases that cross nodes. A message's tag is made of the
// collective's sequence number and a step within it, so that a member that is a collective ahead, or a
// step ahead, never matches the wrong message; messages of one step between two members match in order.
//
// The set owns its operations' requests, at stable addresses, until it goes; whoever holds it awaits
// all_done() (or each receive's completion) before reading what arrived and before it goes.

#include <cstdint>
#include <deque>

#include "collectives/block_map.hpp"
#include "collectives/communicator_view.hpp"
#include "collectives/task.hpp"
#include "shm/operations.hpp"
#include "shm/reduction_op.hpp"

namespace weft::coll {

class peer_messages {
 public:
  peer_messages(communicator_view comm, std::uint64_t sequence) noexcept : comm_(comm), sequence_(sequence) {}
  peer_messages(const peer_messages&) = delete;
  peer_messages& operator=(const peer_messages&) = delete;

  // Starts sending `data` (kept unchanged until all_done) to member `peer`.
  void send(const shm::const_typed_span& data, int peer, int step = 0);
  // Starts receiving from member `peer` into `room`; the request tells how much arrived.
  shm::recv_request& receive(const shm::typed_span& room, int peer, int step = 0);

  // Completes every operation started so far; records in `seen` the first receive that was truncated.
  task all_done(truncation* seen = nullptr);

 private:
  int tag(int step) const noexcept;

  communicator_view comm_;
  std::uint64_t sequence_;
  std::deque<shm::send_request> sends_;
  std::deque<shm::recv_request> receives_;
  std::deque<int> sources_;  // of each receive, for truncation reports
};

// The elements of a reduction as a typed span: `count` elements at origin `origin`, laid out as `op` says.
shm::typed_span elements_at(void* origin, std::size_t count, std::size_t element_size, const shm::reduction_op& op);

}  // namespace weft::coll
