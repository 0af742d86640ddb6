#pragma once
// What node processes send each other: a packet is a header, then for an eager message its data. Sends
// go from the sending rank's worker to the receiving rank's worker, one endpoint each. Packets between two
// workers are numbered and handled in that order: providers need not keep it (tcp;ofi_rxm hands over a
// packet larger than its eager size after a smaller one sent later).

#include <cstddef>
#include <cstdint>

namespace weft::fabric {

// The version of what follows and of the endpoint cards (endpoint_cards.hpp). Node processes of one job
// check at wire-up that they all speak it: change it with any change below.
inline constexpr std::uint32_t wire_version = 1;

enum class packet_kind : std::uint16_t {
  eager,          // the message's data follows the header
  ready_to_send,  // a large or synchronous message: its data waits at the sender, registered for RMA reads
  finished,       // the receiver has read a ready_to_send message's data: the send is complete
  credit,         // nothing but `credits`: sent when a receiver has consumed a batch with no packet going back
  cancel,         // the sender asks to drop its ready_to_send message `cookie` if no receive has matched it
  cancel_answer,  // `size` is 1 when the message was dropped, 0 when it had been matched
  rma,            // a one-sided message of `size` bytes for rank `destination`'s worker (rma/remote_protocol.hpp)
  census,         // part of a message of `size` bytes between the nodes' watchdogs, from its byte `address` on
};

struct packet_header {
  packet_kind kind;
  // Eager messages of the destination worker that the origin worker has consumed since its last packet
  // there: every packet hands credits back, so a reply carries them and needs no credit packet of its own.
  std::uint16_t credits;
  std::uint32_t context;  // the envelope of the message
  std::int32_t source;
  std::int32_t tag;
  std::int32_t destination;    // the receiving job rank
  std::int32_t origin_worker;  // the sending rank's worker, on node origin_node, which a reply goes to
  std::int32_t origin_node;
  std::uint32_t sequence;  // of the packets from the origin's worker to this one
  std::uint64_t size;      // data bytes of the message
  // ready_to_send: where the data is (address or offset, key); finished: cookie alone.
  std::uint64_t address;
  std::uint64_t key;
  std::uint64_t cookie;  // the sender's record of the send, handed back in finished
};

// The layout both sides read, pinned: a change here must come with a new wire_version.
static_assert(sizeof(packet_header) == 64);  // one cache line
static_assert(offsetof(packet_header, context) == 4 && offsetof(packet_header, sequence) == 28);
static_assert(offsetof(packet_header, size) == 32 && offsetof(packet_header, cookie) == 56);

}  // namespace weft::fabric
