#pragma once
// Ownership passing on the node (the thesis's OPI): a give hands a pool buffer itself to the receiver,
// a take receives a buffer instead of filling one. Gives and takes are ordinary messages and receives of
// the matching engine, so they match sends and receives of any kind, in order, with wildcards and probes:
//
//   give -> take     the taker gets the giver's buffer; nothing is copied. When the two datatypes place the
//                    data differently, the data is copied into a fresh buffer laid out as the taker's.
//   give -> receive  the data is copied into the receive's buffer; the given buffer goes to the pool of
//                    the rank that copied.
//   send -> take     a fresh buffer from the pool of the rank that matched receives the data, through the
//                    ordinary protocols (inline, direct, rendezvous, shared large copies).
//
// A give never waits: the buffer, and the message in its header, belong to the receiver's queue until
// matched. So a give completes at once, and cannot be cancelled.
//
// Ranks on other nodes cannot read this process's memory, so across nodes ownership passing falls back to
// a copy: a give is an ordinary send from the buffer, which returns to the giver's pool once the send has
// completed (reclaim_given_copies), and a take of a message from another node receives into a fresh buffer
// of the taker's pool.

#include "shm/buffer_pool.hpp"
#include "shm/envelope.hpp"
#include "shm/operations.hpp"
#include "shm/pool_buffer.hpp"
#include "shm/typed_copy.hpp"

namespace weft::shm {

// Gives `buffer` (owned by the caller; `data` lies in it, laid out by `layout`) to rank `destination`.
void give(pool_buffer& buffer, const const_typed_span& data, type_layout::pointer layout, envelope env,
          int destination);

// Starts a take by rank `self` of up to `shape.count` elements of `shape.layout` (no base): at completion
// `*taken` holds the buffer's address, which the taker then owns. `request` may be complete on return.
void start_take(recv_request& request, const typed_span& shape, void** taken, envelope pattern, int self);

// For the receive paths: receives a given message into a receive or a take (which it records); the
// caller completes the receive.
void receive_given(recv_request& receive, given_message& m);

// Gives a matched take (recorded) its buffer, from `pool`, laid out as its datatype says.
void provide_buffer(recv_request& take, buffer_pool& pool);

// Returns to the calling rank's pool the buffers it gave to other nodes whose sends have completed; with
// `wait`, first waits for all of them (MPI_Finalize).
void reclaim_given_copies(bool wait);

}  // namespace weft::shm
