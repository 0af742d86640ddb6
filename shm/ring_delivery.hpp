#pragma once
// The ring protocol: a small standard send is written into the sender's ring to its receiver
// (message_ring.hpp) and completes at once; the messages of a receiver's rings enter its matching engine
// in order, under the engine's lock, taken by whoever holds it: the receiver when it receives, probes or
// waits (runtime/arrivals.hpp), or a sender about to put a message of another protocol there. Every path
// that queues a message into an engine, or looks for one there, takes the rings in first, so a sender's
// ring messages are matched before anything it sends afterwards, and a receive or probe sees every
// message sent before it.

#include <mutex>

#include "runtime/spinlock.hpp"
#include "shm/matching_engine.hpp"
#include "shm/operations.hpp"

namespace weft::shm {

// Sends a standard message of at most WEFT_INLINE_MAX bytes through the calling rank's ring to rank
// `destination`, when it has one with room (it gets one after its 16th small message to that rank, if
// the rank runs on another worker and takes it); false when the message must take another path.
[[nodiscard]] bool ring_send(const const_typed_span& data, envelope env, int destination);

// Locks `engine` and takes its rings' messages in.
std::unique_lock<runtime::spinlock> lock_engine(matching_engine& engine);

// Under `engine`'s lock, before `wanting` is posted: takes its rings' messages in until one that no
// posted receive takes matches `wanting`, which then receives it (the caller completes it); false when
// none did, and every ready message is in.
[[nodiscard]] bool take_ring_messages_for(matching_engine& engine, recv_request& wanting);

// The calling rank, `self`, takes its rings' messages in whenever it waits from now on (rank::inbox);
// called by the receives and probes of the rank.
void take_rings_when_waiting(int self);

}  // namespace weft::shm
