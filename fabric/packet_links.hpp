#pragma once
// The packets between this node process's workers and every worker of the other nodes: one port per
// worker, the addresses of every worker's port on every node (exchanged at wire-up through PMIx, as
// endpoint_cards.hpp writes them), packets numbered per pair of workers and handed on in that order
// (providers need not keep it: tcp;ofi_rxm hands over a packet larger than its eager size after a smaller
// one sent later), eager credits, and the traffic the watchdog observes. The protocols above it
// (message_protocol.hpp, rma_channel.hpp, census_channel.hpp) build their packets through it.
//
// Flow control: a worker may have at most eager_credits eager messages to one worker of another node that
// the receiver has not consumed yet; past them its sends go ready-to-send, whose data waits at the sender.
// Receivers hand credits back in every packet they send to the sender's worker (a reply carries them), or in
// a packet of their own once a batch has gathered, so a slow receiver holds a bounded amount of others' data.

#include <atomic>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <memory_resource>
#include <mutex>
#include <tuple>
#include <utility>
#include <vector>

#include "fabric/network.hpp"
#include "fabric/record_pool.hpp"
#include "fabric/wire_format.hpp"
#include "fabric/worker_port.hpp"
#include "runtime/job.hpp"
#include "runtime/network_module.hpp"

namespace weft::fabric {

// Where packets go once they are in order.
class packet_sink {
 public:
  // `packet` begins with `header`, read once; its bytes are valid during the call only.
  virtual void handle_packet(worker_port& port, const packet_header& header, const std::byte* packet,
                             std::size_t bytes) = 0;

 protected:
  ~packet_sink() = default;
};

class packet_links {
 public:
  // A worker's port and its numbering and credits toward every worker of every node. Used by the worker's
  // thread and, under MPI_THREAD_MULTIPLE, by the threads its ranks started, one at a time: every use holds
  // `use`, recursive since handling a packet may send or read on the same link (a reply, credits, a
  // fetch), and a send may handle packets while the provider has no room. What the protocols keep per
  // worker is guarded by the same lock.
  struct link {
    std::recursive_mutex use;
    std::unique_ptr<worker_port> port;
    std::vector<std::vector<int>> credits;   // [node][worker]: eager messages it may still send there
    std::vector<std::vector<int>> consumed;  // [node][worker]: eager messages of theirs consumed, not yet credited
    // [node][worker]: the number of its next packet there, and of the next packet it handles from there;
    // packets that came before their turn, by (node, worker, number), copied into blocks kept for reuse.
    std::vector<std::vector<std::uint32_t>> next_sent;
    std::vector<std::vector<std::uint32_t>> next_handled;
    record_pool early_blocks;
    std::pmr::map<std::tuple<int, int, std::uint32_t>, std::pmr::vector<std::byte>> early_packets{&early_blocks};
  };

  // The link of the calling rank's worker (a thread working for a rank uses its rank's), held until the
  // guard ends; a thread that is not a worker then wakes the worker, should it sleep on the network, since
  // what the call started moves only when someone polls.
  class held_link {
   public:
    held_link(packet_links& links, link& used) : on(used), links_(links), lock_(used.use) {}
    ~held_link();
    held_link(const held_link&) = delete;
    held_link& operator=(const held_link&) = delete;

    link& on;

   private:
    packet_links& links_;
    std::unique_lock<std::recursive_mutex> lock_;
  };

  // Opens a port per worker and learns every other node's (a collective of all node processes). Completions
  // on the ports go to `events`.
  packet_links(runtime::job& owner, network& net, std::size_t packet_capacity, port_events& events);

  link& at(int worker) noexcept { return links_[worker]; }
  held_link here();
  // The node and worker of a job rank.
  std::pair<int, int> place_of_rank(int job_rank) const;
  fi_addr_t address(int node, int worker) const noexcept { return addresses_[node][worker]; }
  int this_node() const noexcept { return nodes_.this_node(); }
  // Where the ports' completions go, for the protocols' reads and sends from their own buffers.
  port_events& events() noexcept { return events_; }

  // Numbers `header` as the next packet from `from` to worker `worker` of node `node` and signs it with its
  // origin and the credits it hands back.
  void stamp(link& from, int node, int worker, packet_header& header);
  // A packet from `from` to worker `worker` of node `node`: `header` stamped, then room for `data_bytes`;
  // sent with send_packet, before any other packet of `from`.
  outgoing_packet& packet_to(link& from, int node, int worker, packet_header header, std::size_t data_bytes);
  void send_packet(link& from, int node, int worker, outgoing_packet& packet);
  void send_header(link& from, int node, int worker, const packet_header& header);

  // Takes one eager credit of `from` toward worker `worker` of node `node`; false when none is left.
  [[nodiscard]] bool take_credit(link& from, int node, int worker) noexcept;
  // Counts an eager message from worker `worker` of node `node` as consumed on `on`, handing a batch of
  // credits back in a packet of its own when no reply has carried them.
  void consume_eager(link& on, int node, int worker);

  // A packet the provider delivered on `port`: to `sink` in the order its origin sent it, with those that
  // waited for it; the credits it carries are taken first.
  void take(worker_port& port, const std::byte* packet, std::size_t bytes, packet_sink& sink);

  // Work started toward other nodes and completed from them, for the watchdog (census packets excluded).
  void count_started(int worker) noexcept { traffic_[worker].started.fetch_add(1, std::memory_order_relaxed); }
  void count_completed(int worker) noexcept { traffic_[worker].completed.fetch_add(1, std::memory_order_relaxed); }
  runtime::network_traffic traffic() const;

  bool progress(int worker);
  int wait_fd(int worker) { return links_[worker].port->wait_fd(); }
  bool may_sleep(int worker);
  // Waits until no send of any port is in flight.
  void drain();

 private:
  // A worker's counts of runtime::network_traffic, written by its thread, read by the watchdog's.
  struct alignas(64) traffic_counts {
    std::atomic<std::uint64_t> started{0};
    std::atomic<std::uint64_t> completed{0};
  };

  void wire_up(runtime::pmix_client& wire_up);
  void deliver(worker_port& port, const packet_header& header, const std::byte* packet, std::size_t bytes,
               packet_sink& sink);

  const runtime::node_map& nodes_;
  runtime::job& owner_;
  port_events& events_;
  std::deque<link> links_;                         // by worker; a deque, since links do not move
  std::vector<traffic_counts> traffic_;            // by worker
  std::vector<int> workers_;                       // per node
  std::vector<std::vector<fi_addr_t>> addresses_;  // [node][worker]
};

}  // namespace weft::fabric
