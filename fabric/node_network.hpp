#pragma once
// This node process's connection to the others: one port (endpoint) per worker, the addresses of every
// worker's port on every node, exchanged at start-up through PMIx, and the protocol of messages between
// ranks of different nodes (the remote channel of shm/remote_channel.hpp):
//
//  eager          standard sends up to WEFT_FABRIC_EAGER_MAX: data and envelope in one packet, the send
//                 completes at once (from 8 KiB on, the provider sends the data from the sender's buffer
//                 and the send completes when it is done with it); a posted receive takes the data from
//                 the packet, else the receiver keeps a copy until a receive matches it;
//  ready to send  larger and synchronous sends: the sender registers its data for RMA and sends the envelope;
//                 once matched, the receiver reads the data straight into the receive buffer (or a bounce
//                 buffer for a scattered layout) and answers `finished`, which completes the send.
//
// Flow control: a worker may have at most eager_credits eager messages to one worker of another node that
// the receiver has not consumed yet; past them its sends go ready-to-send, whose data waits at the sender.
// Receivers hand credits back in every packet they send to the sender's worker (a reply carries them), or in
// a packet of their own once a batch has gathered, so a slow receiver holds a bounded amount of others' data.
//
// One-sided communication (rma/remote_transport.hpp) travels in packets of its own kind, handed to rma/ on
// the destination rank's worker. They take no credits: every one is answered, and rma/ bounds the
// unanswered ones of each origin (rma::remote_origin::max_in_flight).
//
// The watchdogs' census messages (runtime/census_messages.hpp) go from worker 0 to worker 0, cut into
// packets and joined again, and are not counted in the traffic they observe.

#include <atomic>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "fabric/network.hpp"
#include "fabric/worker_port.hpp"
#include "rma/remote_transport.hpp"
#include "runtime/job.hpp"
#include "runtime/network_module.hpp"
#include "shm/remote_channel.hpp"

namespace weft::fabric {

struct packet_header;

class node_network final : public runtime::network_module,
                           public shm::remote_channel,
                           public rma::remote_transport,
                           public port_events {
 public:
  // Opens a port per worker and connects to every other node process (a collective of all of them).
  explicit node_network(runtime::job& owner);

  bool progress(int index) override;
  int wait_fd(int index) override { return links_[index].port->wait_fd(); }
  bool may_sleep(int index) override;
  void finish() override;
  runtime::network_traffic traffic() const override;
  void send_to_watchdog(int node, std::vector<std::byte> message) override;

  void start_send(shm::send_request& request, const shm::const_typed_span& data, shm::envelope env, int destination,
                  shm::send_mode mode) override;
  void fetch(shm::recv_request& request, shm::message* m) override;
  bool cancel_send(shm::send_request& request) override;

  void send(int destination, std::vector<std::byte> message) override;
  std::size_t message_capacity() const noexcept override;

  // Handles packets in the order their origin sent them.
  void on_packet(worker_port& port, const std::byte* packet, std::size_t bytes) override;
  void on_read(worker_port& port, operation& done) override;
  void on_sent(worker_port& port, operation& done) override;

 private:
  struct sent_in_place;
  struct remote_message;
  struct remote_message_deleter;
  using owned_message = std::unique_ptr<remote_message, remote_message_deleter>;
  struct pending_read;
  struct eager_in_place;

  // A worker's port and its flow control toward every worker of every node. Used by the worker's thread
  // and, under MPI_THREAD_MULTIPLE, by the threads its ranks started, one at a time: every use holds
  // `use`, recursive since handling a packet may send or read on the same link (a reply, credits, a
  // fetch), and a send may handle packets while the provider has no room.
  struct link {
    std::recursive_mutex use;
    std::unique_ptr<worker_port> port;
    std::vector<std::vector<int>> credits;   // [node][worker]: eager messages it may still send there
    std::vector<std::vector<int>> consumed;  // [node][worker]: eager messages of theirs consumed, not yet credited
    // Its ready-to-send sends no `finished` has completed yet, and the ready-to-send messages it delivered
    // that no fetch has completed yet (by origin node and cookie), for cancels.
    std::unordered_map<shm::send_request*, sent_in_place*> waiting_sends;
    std::map<std::pair<int, std::uint64_t>, remote_message*> ready_messages;
    // [node][worker]: the number of its next packet there, and of the next packet it handles from there;
    // packets that came before their turn, by (node, worker, number).
    std::vector<std::vector<std::uint32_t>> next_sent;
    std::vector<std::vector<std::uint32_t>> next_handled;
    std::map<std::tuple<int, int, std::uint32_t>, std::vector<std::byte>> early_packets;
  };

  // A worker's counts of runtime::network_traffic, written by its thread, read by the watchdog's.
  struct alignas(64) traffic_counts {
    std::atomic<std::uint64_t> started{0};
    std::atomic<std::uint64_t> completed{0};
  };

  // The link of the calling rank's worker (a thread working for a rank uses its rank's), held until the
  // returned guard ends; a thread that is not a worker then wakes the worker, should it sleep on the
  // network, since what the call started moves only when someone polls.
  class held_link;
  held_link here();
  // The node and worker of a job rank.
  std::pair<int, int> place_of_rank(int job_rank) const;
  packet_header header_for(shm::envelope env, int destination, std::size_t size) const;
  void complete_fetch(worker_port& port, shm::recv_request& request, remote_message* m);
  // Numbers `header` as the next packet from `from` to worker `worker` of node `node` and signs it with its
  // origin and the credits it hands back.
  void stamp(link& from, int node, int worker, packet_header& header);
  // A packet from `from` to worker `worker` of node `node`: `header` numbered and signed with its origin,
  // then room for `data_bytes`; sent with send_packet, before any other packet of `from`.
  outgoing_packet& packet_to(link& from, int node, int worker, packet_header header, std::size_t data_bytes);
  void send_packet(link& from, int node, int worker, outgoing_packet& packet);
  void send_header(link& from, int node, int worker, const packet_header& header);
  // `packet` begins with `header`, read once.
  void handle_packet(worker_port& port, const packet_header& header, const std::byte* packet, std::size_t bytes);
  void consume_eager(link& on, const remote_message& m);
  void answer_cancel(worker_port& port, const packet_header& asked);
  // On worker 0: sends the census messages queued by send_to_watchdog(), and joins the parts of those
  // that arrive.
  void send_census_messages();
  void take_census_part(const packet_header& header, std::span<const std::byte> part);

  const runtime::node_map& nodes_;
  network network_;
  std::size_t eager_max_;
  std::size_t packet_capacity_;
  runtime::job& owner_;
  std::deque<link> links_;               // by worker; a deque, since links do not move
  std::vector<traffic_counts> traffic_;  // by worker
  std::mutex census_lock_;
  std::vector<std::pair<int, std::vector<std::byte>>> census_outbox_;  // (node, message)
  std::atomic<bool> census_queued_{false};
  std::vector<std::vector<std::byte>> census_arriving_;  // by origin node, on worker 0
  std::vector<int> workers_;                             // per node
  std::vector<std::vector<fi_addr_t>> addresses_;        // [node][worker]
};

}  // namespace weft::fabric
