#pragma once
// On-node point-to-point protocols (ranks are identified by their index in the job).
//
//  inline     size <= WEFT_INLINE_MAX and the receiver's unexpected budget allows: the data travels,
//             packed, in the descriptor and the send completes at once;
//  direct     the receive was already posted: the sender copies straight into the receive buffer;
//  rendezvous otherwise: the descriptor points at the sender's buffer and the receiver copies from it
//             when it matches, then completes the send. Synchronous sends always end this way or direct,
//             so they never complete before their receive is matched.

#include <cstddef>

#include "shm/envelope.hpp"
#include "shm/operations.hpp"
#include "shm/typed_copy.hpp"

namespace weft::shm {

// The operations take typed spans: a send's data and a receive's buffer may have any layout, and data
// goes from the one straight into the other. Sizes, probes and truncation count data bytes. Each has a
// form for contiguous bytes. The caller keeps a span's layout alive until its operation completes.

// Starts a send to rank `destination`; `request` may be complete on return.
void start_send(send_request& request, const const_typed_span& data, envelope env, int destination, send_mode mode);
inline void start_send(send_request& request, const void* buffer, std::size_t size, envelope env, int destination,
                       send_mode mode) {
  start_send(request, byte_span(buffer, size), env, destination, mode);
}

// Tells a receive who may send its message: job rank `sender`, or any_source. One from another node, or
// from any source of a job across nodes, may come over the network (completion::expect_from_network).
// Called before start_recv.
void expect_sender(recv_request& request, int sender) noexcept;

// Starts a receive by rank `self`; `request` may be complete on return.
void start_recv(recv_request& request, const typed_span& buffer, envelope pattern, int self);
inline void start_recv(recv_request& request, void* buffer, std::size_t capacity, envelope pattern, int self) {
  start_recv(request, byte_span(buffer, capacity), pattern, self);
}

struct probe_result {
  int source;
  int tag;
  std::size_t size;
};

// Looks for a matching message that rank `self` has not received yet, without receiving it.
[[nodiscard]] bool iprobe(int self, envelope pattern, probe_result& result);

// Waits until such a message exists.
probe_result probe(int self, envelope pattern);

// Matched probes (MPI_Improbe, MPI_Mprobe): take a matching message out of rank `self`'s queue, so that
// no other receive can match it, to be received later with start_recv_matched. A rendezvous sender
// keeps waiting until then.
message* take_message(int self, envelope pattern);
message* await_message(int self, envelope pattern);

// Receives message `m`, taken by a matched probe.
void start_recv_matched(recv_request& request, const typed_span& buffer, message* m);
inline void start_recv_matched(recv_request& request, void* buffer, std::size_t capacity, message* m) {
  start_recv_matched(request, byte_span(buffer, capacity), m);
}

// Cancels a receive that no message has matched yet, or a send whose message no receive has matched
// yet (a send that copied its data out at once is complete and cannot be). On true the operation is
// complete, as cancelled; on false it completes normally.
[[nodiscard]] bool cancel_recv(recv_request& request, int self);
[[nodiscard]] bool cancel_send(send_request& request);

// Blocking forms for the collectives.
void send(const const_typed_span& data, envelope env, int destination);
inline void send(const void* buffer, std::size_t size, envelope env, int destination) {
  send(byte_span(buffer, size), env, destination);
}
recv_error recv(const typed_span& buffer, envelope pattern, int self);
inline recv_error recv(void* buffer, std::size_t capacity, envelope pattern, int self) {
  return recv(byte_span(buffer, capacity), pattern, self);
}

}  // namespace weft::shm
