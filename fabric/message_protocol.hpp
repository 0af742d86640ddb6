#pragma once
// Messages between ranks of different nodes: the remote channel of shm/remote_channel.hpp.
//
//  eager          standard sends up to WEFT_FABRIC_EAGER_MAX: data and envelope in one packet, the send
//                 completes at once (from 8 KiB on, the provider sends the data from the sender's buffer
//                 and the send completes when it is done with it); a posted receive takes the data from
//                 the packet, else the receiver keeps a copy until a receive matches it;
//  ready to send  larger and synchronous sends, and standard ones past the eager credits (packet_links.hpp):
//                 the sender registers its data for RMA and sends the envelope; once matched, the receiver
//                 reads the data straight into the receive buffer (or a bounce buffer for a scattered layout)
//                 and answers `finished`, which completes the send.
//
// A cancel asks the receiver's node to drop a ready-to-send message no receive has matched.

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <memory_resource>
#include <unordered_map>
#include <utility>
#include <vector>

#include "fabric/packet_links.hpp"
#include "fabric/record_pool.hpp"
#include "shm/remote_channel.hpp"

namespace weft::fabric {

class message_protocol final : public shm::remote_channel {
 public:
  message_protocol(packet_links& links, int worker_count, std::size_t eager_max);
  ~message_protocol();

  void start_send(shm::send_request& request, const shm::const_typed_span& data, shm::envelope env, int destination,
                  shm::send_mode mode) override;
  void fetch(shm::recv_request& request, shm::message* m) override;
  bool cancel_send(shm::send_request& request) override;

  // A packet of kind eager, ready_to_send, finished, cancel or cancel_answer arrived on `port`.
  void take(worker_port& port, const packet_header& header, const std::byte* packet);
  // What the port gives back: a read of a message's data, a send from the sender's buffer.
  void on_read(worker_port& port, operation& done);
  void on_sent(worker_port& port, operation& done);

 private:
  struct sent_in_place;
  struct remote_message;
  struct remote_message_deleter {
    void operator()(remote_message* m) const noexcept;
  };
  using owned_message = std::unique_ptr<remote_message, remote_message_deleter>;
  struct pending_read;
  struct eager_in_place;

  // What a worker keeps of messages under way, guarded by its link's lock.
  struct worker_state {
    // The records of the messages its port sends and receives, and the nodes of the tables below: every
    // record is made and ended under the link of the worker whose port the message uses.
    record_pool records;
    // Its ready-to-send sends no `finished` has completed yet; a record lives until its `finished`
    // has come and no cancel of it is being answered.
    std::pmr::unordered_map<shm::send_request*, pooled<sent_in_place>> waiting_sends{&records};
    // The ready-to-send messages it delivered that no fetch has completed yet (by origin node and cookie),
    // for cancels.
    std::pmr::map<std::pair<int, std::uint64_t>, remote_message*> ready_messages{&records};
  };

  void send_ready(packet_links::link& from, shm::send_request& request, const shm::const_typed_span& data,
                  packet_header header, int node, int worker);
  void finish_sent(worker_port& port, const packet_header& header);
  void answer_cancel(worker_port& port, const packet_header& asked);
  void complete_fetch(worker_port& port, shm::recv_request& request, remote_message* m);

  packet_links& links_;
  std::size_t eager_max_;
  std::vector<worker_state> workers_;  // by worker
};

}  // namespace weft::fabric
