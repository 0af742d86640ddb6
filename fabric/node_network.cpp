#include "fabric/node_network.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string>
#include <utility>

#include "fabric/wire_format.hpp"
#include "rma/remote_transport.hpp"
#include "runtime/config.hpp"
#include "runtime/log.hpp"
#include "runtime/report.hpp"
#include "runtime/worker.hpp"

namespace weft::fabric {
namespace {

// The smallest packet payload: one-sided messages carry their target's blocks besides data, and must fit
// some even when eager messages are small.
constexpr std::size_t rma_message_min = 4096;

// Eager sends up to 64 KiB, Open MPI's limit over TCP: on loopback a 32 KiB ping-pong took 13-16 us so
// against 23.5 by ready-to-send (three one-way trips), and a stream of them 3.4 against 2.5 GB/s. Under
// ofi_rxm, 16 KiB: rxm sizes its own receive buffers by our packets (below): at 64 KiB a node process of
// one worker grew from 110-120 to 350 MB, where over net it grows by the 4 MiB of its posted buffers.
constexpr std::size_t eager_max_native = 64 * 1024;
constexpr std::size_t eager_max_under_rxm = 16 * 1024;

std::size_t packet_for(std::size_t eager_max) { return sizeof(packet_header) + std::max(eager_max, rma_message_min); }

// The process's network. tcp;ofi_rxm passes a message larger than its buffers (16 KiB by default) through a
// rendezvous of its own, a round trip more: each eager packet of ours, header included, must fit (a 16 KiB
// ping-pong took 50 us, 17 us with room for it). rxm reads the size when libfabric starts, before the
// provider is known, so it is set for the eager limit under rxm; a user's setting wins.
network open_network() {
  std::size_t rxm_eager_max = runtime::job_config().fabric_eager_max.value_or(eager_max_under_rxm);
  ::setenv("FI_OFI_RXM_BUFFER_SIZE", std::to_string(packet_for(rxm_eager_max)).c_str(), 0);
  return network(nullptr);
}

std::size_t eager_limit(const network& net) {
  if (auto chosen = runtime::job_config().fabric_eager_max) return *chosen;
  const char* provider = net.info().fabric_attr->prov_name;
  bool under_rxm = provider != nullptr && std::strstr(provider, "ofi_rxm") != nullptr;
  return under_rxm ? eager_max_under_rxm : eager_max_native;
}

}  // namespace

node_network::node_network(runtime::job& owner)
    : owner_(owner),
      network_(open_network()),
      eager_max_(eager_limit(network_)),
      packet_capacity_(packet_for(eager_max_)),
      links_(owner, network_, packet_capacity_, *this),
      messages_(links_, owner.worker_count(), eager_max_),
      rma_(links_, packet_capacity_ - sizeof(packet_header)),
      census_(links_, owner.nodes().node_count(), packet_capacity_ - sizeof(packet_header)) {
  shm::install_remote_channel(messages_);
  rma::install_remote_transport(rma_);
  if (runtime::logging(runtime::log_subsystem::fabric, runtime::log_level::info)) [[unlikely]] {
    const fi_fabric_attr& fabric = *network_.info().fabric_attr;
    runtime::write_log(runtime::log_subsystem::fabric,
                       "node %d: provider %s of fabric %s, %d workers, eager messages up to %zu B, packets of %zu B",
                       links_.this_node(), fabric.prov_name, fabric.name, owner.worker_count(), eager_max_,
                       packet_capacity_);
  }
}

bool node_network::progress(int index) {
  if (index == 0 && census_.has_queued()) {
    std::unique_lock lock(links_.at(0).use, std::try_to_lock);
    if (lock) census_.send_queued();
  }
  return links_.progress(index);
}

void node_network::send_to_watchdog(int node, std::vector<std::byte> message) {
  census_.send(node, std::move(message));
  owner_.worker_at(0).wake_for_network();
}

void node_network::on_packet(worker_port& port, const std::byte* packet, std::size_t bytes) {
  links_.take(port, packet, bytes, *this);
}

void node_network::handle_packet(worker_port& port, const packet_header& header, const std::byte* packet,
                                 std::size_t bytes) {
  if ((header.kind == packet_kind::eager || header.kind == packet_kind::rma) && bytes - sizeof header < header.size)
    runtime::fatal(1, "node %d: a packet of node %d holds %zu bytes of a %llu-byte message", links_.this_node(),
                   header.origin_node, bytes - sizeof header, static_cast<unsigned long long>(header.size));
  switch (header.kind) {
    case packet_kind::census:
      census_.take_part(header, std::span(packet + sizeof header, bytes - sizeof header));
      return;
    case packet_kind::rma:
      rma::handle_remote_message(std::span(packet + sizeof header, header.size));
      return;
    case packet_kind::credit:  // packet_links took its credits
      return;
    case packet_kind::eager:
    case packet_kind::ready_to_send:
    case packet_kind::finished:
    case packet_kind::cancel:
    case packet_kind::cancel_answer:
      messages_.take(port, header, packet);
      return;
  }
  runtime::fatal(1, "node %d: a packet of unknown kind %u arrived", links_.this_node(),
                 static_cast<unsigned>(header.kind));
}

}  // namespace weft::fabric
