#pragma once
// Messages to and from ranks of other node processes. The protocols of point_to_point.hpp hand sends to
// another node to the channel that the network layer installs (fabric/, loaded only by jobs across nodes),
// and messages from other nodes enter the receiving rank's matching engine like local ones (deliver), so
// one mechanism matches them all: wildcards, order and probes hold across local and remote senders.

#include "shm/envelope.hpp"
#include "shm/operations.hpp"
#include "shm/typed_copy.hpp"

namespace weft::shm {

class remote_channel {
 public:
  // Starts a send to `destination`, a rank of another node; `request` may be complete on return.
  virtual void start_send(send_request& request, const const_typed_span& data, envelope env, int destination,
                          send_mode mode) = 0;

  // Receives `m`, a message_kind::remote message this channel delivered, into `request`, which has
  // recorded the match; completes `request` once the data is in.
  virtual void fetch(recv_request& request, message* m) = 0;

  // Cancels a send started here that no receive has matched yet, asking the receiver's node and waiting for
  // its answer: true when the receiver dropped the message (the send is then complete, as cancelled);
  // false when it was matched, or its data already travelled (it completes normally).
  [[nodiscard]] virtual bool cancel_send(send_request& request) = 0;

 protected:
  ~remote_channel() = default;
};

// Called once, before any rank runs.
void install_remote_channel(remote_channel& channel) noexcept;

// Hands message `m`, arrived from another node for rank `destination` of this one, to that rank's engine:
// to the oldest matching receive, or queued as unexpected. An inline_data message belongs to the engine
// from then on; a remote one stays the channel's until fetched.
void deliver(message* m, int destination);

// Takes back `m`, delivered to rank `destination` (a send being cancelled): true when no receive had taken
// it, and it is the channel's again; false when a receive has.
[[nodiscard]] bool take_back(message* m, int destination);

// Like deliver, when a receive of `destination` matches `m`; otherwise does nothing and returns false. For a
// message whose data is valid only during the call (an eager packet still in its receive buffer): matched,
// the channel's fetch runs before the call returns; unmatched, the channel copies it and delivers the copy.
[[nodiscard]] bool deliver_if_posted(message* m, int destination);

}  // namespace weft::shm
