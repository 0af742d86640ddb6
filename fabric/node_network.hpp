#pragma once
// This node process's connection to the others, as the runtime and shm see it: the network module workers
// poll (runtime/network_module.hpp), made of one piece per responsibility:
//
//   packet_links      ports, wire-up, packets in order between workers, eager credits, traffic counts
//   message_protocol  point-to-point messages: eager and ready to send, fetches, cancels (shm's remote channel)
//   rma_channel       one-sided messages (rma's remote transport)
//   census_channel    the watchdogs' messages
//
// It owns them, hands each packet that packet_links puts in order to the piece its kind belongs to, and each
// completion of a port to the protocol that posted it.

#include <cstddef>
#include <vector>

#include "fabric/census_channel.hpp"
#include "fabric/message_protocol.hpp"
#include "fabric/network.hpp"
#include "fabric/packet_links.hpp"
#include "fabric/rma_channel.hpp"
#include "runtime/job.hpp"
#include "runtime/network_module.hpp"

namespace weft::fabric {

class node_network final : public runtime::network_module, port_events, packet_sink {
 public:
  // Opens a port per worker and connects to every other node process (a collective of all of them), then
  // installs the channels for shm and rma.
  explicit node_network(runtime::job& owner);

  bool progress(int index) override;
  int wait_fd(int index) override { return links_.wait_fd(index); }
  bool may_sleep(int index) override { return links_.may_sleep(index); }
  void finish() override { links_.drain(); }
  void close_census() override { census_.close(); }
  runtime::network_traffic traffic() const override { return links_.traffic(); }
  void send_to_watchdog(int node, std::vector<std::byte> message) override;

 private:
  void on_packet(worker_port& port, const std::byte* packet, std::size_t bytes) override;
  void on_read(worker_port& port, operation& done) override { messages_.on_read(port, done); }
  void on_sent(worker_port& port, operation& done) override { messages_.on_sent(port, done); }
  void handle_packet(worker_port& port, const packet_header& header, const std::byte* packet,
                     std::size_t bytes) override;

  runtime::job& owner_;
  network network_;
  std::size_t eager_max_;
  std::size_t packet_capacity_;
  packet_links links_;
  message_protocol messages_;
  rma_channel rma_;
  census_channel census_;
};

}  // namespace weft::fabric
